import { LockedError, StoreError } from '@agent-memory/core'
import { connectEmbeddedStore, type LockOwner } from '@agent-memory/store-pgvector/connect'
import { CliFailure } from '../cli/CliFailure.js'
import { compileWasmInBaselineTier } from './compileWasmInBaselineTier.js'
import type { OpenedStore } from './OpenedStore.js'
import type { OpenStoreOptions } from './OpenStoreOptions.js'

/**
 * `shared_buffers` of a store a brief command opens itself (`OpenOptions.brief`): small, as PGlite
 * clears the whole pool at every boot, yet large enough that a search of 10,000 memories reads the
 * table's pages once: a table larger than a quarter of the pool is scanned through a small ring of
 * buffers, and each leg of the search read all of it again. Measured on a 2-core machine at 10,000
 * memories, 32 MB against 16 MB: the same open, 90 ms less CPU for the search.
 */
const BRIEF_SHARED_BUFFERS = '32MB'

/** How long a command waits for a data directory's holder to start serving it (it may be booting). */
const WAIT_FOR_SERVER_MS = 3_000

function describeServer(server: LockOwner | undefined): string {
  return server === undefined
    ? 'another process'
    : `process ${server.pid} (${server.command || 'unknown command'})`
}

async function connect(dataDir: string, options: OpenStoreOptions): Promise<OpenedStore | undefined> {
  const connected = await connectEmbeddedStore({
    dataDir,
    dimensions: options.dimensions,
    ...(options.model === undefined ? {} : { model: options.model }),
  })
  if (connected === undefined) return undefined
  const server = describeServer(connected.server)
  options.log?.(
    `store server: ${server} holds ${dataDir}; this command uses it through ${connected.socketPath}`,
  )
  return {
    store: connected.store,
    description: `embedded PGlite at ${dataDir}, served by ${server}`,
    servedBy: server,
    close: () => connected.store.close(),
    explainFailure: (error) =>
      StoreError.isInstance(error) && error.kind === 'connection'
        ? new CliFailure(
            `the store server (${server}) went away during this command; what the command reported done is stored, ` +
              'the step in flight was rolled back: run the command again (it opens the directory itself when no server is left)',
            { cause: error },
          )
        : error,
  }
}

/**
 * The embedded data directory, reached the cheapest way that is safe: through the process that
 * holds and serves it (no PGlite boot here), or by opening it ourselves (taking its lock, and
 * serving it in turn when `serve` is asked). A holder that is still booting gets a moment to
 * start serving; one that never serves (a long `ingest`) leaves the usual `LockedError`.
 */
export async function openEmbedded(dataDir: string, options: OpenStoreOptions): Promise<OpenedStore> {
  const served = await connect(dataDir, options)
  if (served !== undefined) return served
  const model = options.model === undefined ? {} : { model: options.model }
  if (options.brief === true) compileWasmInBaselineTier()
  // Loaded only when nobody serves the directory: the served path above needs none of it.
  const { openEmbeddedStore } = await import('@agent-memory/store-pgvector')
  const open = () =>
    openEmbeddedStore({
      dataDir,
      dimensions: options.dimensions,
      // The CLI handles Ctrl-C itself: it stops between items and closes the store cleanly.
      handleSignals: false,
      // Loading a namespace into in-process indexes pays off over many searches: in the
      // processes that stay up and serve (mcp, serve, ui) and the demo, not in a command that
      // searches once.
      inProcessSearch: options.serve === true || options.searchesOften === true,
      // A brief command reads each page about once: a small buffer pool boots faster.
      ...(options.brief === true ? { sharedBuffers: BRIEF_SHARED_BUFFERS } : {}),
      ...(options.readsOnly === true ? { whenNotWritable: 'read-only' as const } : {}),
      // A brief read leaves the open-time upkeep (statistics triggers, stale repair leases) to
      // the commands that write: two statements fewer before its answer.
      ...(options.readsOnly === true && options.brief === true ? { upkeepOnOpen: false } : {}),
      ...model,
      ...(options.serve === true
        ? {
            serve: {
              onServeError: (error: Error) => {
                serving = false
                options.warn?.(`not serving other processes: ${error.message}`)
              },
              onClientError: (error: Error) => options.log?.(`store server: ${error.message}`),
            },
          }
        : {}),
    })
  let serving = options.serve === true
  const deadline = Date.now() + WAIT_FOR_SERVER_MS
  for (;;) {
    try {
      const store = await open()
      if (serving) options.log?.(`store server: serving ${dataDir} to other local processes`)
      if (options.brief === true)
        options.log?.(
          `brief command: PGlite booted with shared_buffers ${BRIEF_SHARED_BUFFERS} and its wasm compiled in the baseline tier`,
        )
      const readOnly = store.readOnly ? ' (read-only snapshot: the directory is not writable)' : ''
      return {
        store,
        description: `embedded PGlite at ${dataDir}${readOnly}`,
        serving: serving && !store.readOnly,
        close: () => store.close(),
      }
    } catch (error) {
      if (!LockedError.isInstance(error) || Date.now() > deadline) throw error
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
    const late = await connect(dataDir, options)
    if (late !== undefined) return late
  }
}

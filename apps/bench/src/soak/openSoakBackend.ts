import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  createMemory,
  type Embedder,
  type MemoryService,
  type MemoryServiceOptions,
} from '@agent-memory/core'
import {
  connectEmbeddedStore,
  createPgVectorStore,
  DataDirLock,
  openEmbeddedStore,
  type PgVectorStore,
  storeSocketPath,
} from '@agent-memory/store-pgvector'
import { createMemoryMcpServer } from '@agent-memory/tool-memory-search/mcp'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { LanguageModel } from 'ai'
import pg from 'pg'
import { createScratchDatabase } from '../pg/createScratchDatabase.js'
import { readTableWrites } from '../pg/readTableWrites.js'
import type { TableWrites } from '../pg/TableWrites.js'
import { libraryCalls } from './libraryCalls.js'
import { mcpCalls } from './mcpCalls.js'
import { recallSocketCalls } from './recallSocketCalls.js'
import type { SoakBackend } from './SoakBackend.js'
import type { SoakBackendKind } from './SoakBackendKind.js'
import type { SoakCalls } from './SoakCalls.js'

/** How long closed sessions may take to leave `pg_stat_activity` before they count as left open. */
const SESSION_EXIT_GRACE_MS = 10_000

/** What `openSoakBackend` needs: where, which embedder and chat model, and the service settings. */
export interface SoakBackendOptions {
  kind: SoakBackendKind
  databaseUrl?: string
  embedder: Embedder
  model: LanguageModel
  namespaces: string[]
  service: MemoryServiceOptions
  repoRoot: string
}

interface RecallServer {
  close(): Promise<void>
}
type ServeRecall = (options: {
  socketPath: string
  memory: MemoryService
  embedderKey: string
  embedderDescription: string
}) => Promise<RecallServer>

const EMBEDDER_KEY = 'soak'

/**
 * Opens a backend the way the soak's eight clients reach it: two through the library (this
 * process's service), two through the store socket (`connectEmbeddedStore`, as a second command
 * does; on PostgreSQL, where there is no store socket, a second pool as a second process would
 * hold), two searching through the recall socket (`serveRecall`, the CLI's, over the library's
 * service) and writing through the store socket, two through an MCP server per namespace (over
 * the library's service, as `agent-memory mcp` runs one).
 */
export async function openSoakBackend(options: SoakBackendOptions): Promise<SoakBackend> {
  const { embedder } = options
  const serveRecallPath = join(options.repoRoot, 'apps', 'cli', 'dist', 'served', 'serveRecall.js')
  if (!existsSync(serveRecallPath)) throw new Error('apps/cli is not built: the recall socket comes from it')
  const { serveRecall } = (await import(pathToFileURL(serveRecallPath).href)) as { serveRecall: ServeRecall }
  const dir = await mkdtemp(join(tmpdir(), `agent-memory-soak-${options.kind}-`))
  const dataDir = join(dir, 'store')
  let store: PgVectorStore
  let other: PgVectorStore
  let dropDatabase: (() => Promise<void>) | undefined
  let databaseUrl: string | undefined
  if (options.kind === 'embedded') {
    store = await openEmbeddedStore({
      dataDir,
      dimensions: embedder.dimensions,
      model: embedder.model,
      handleSignals: false,
      serve: {},
    })
    const connected = await connectEmbeddedStore({
      dataDir,
      dimensions: embedder.dimensions,
      model: embedder.model,
    })
    if (connected === undefined) throw new Error('the store socket did not answer')
    other = connected.store
  } else {
    if (options.databaseUrl === undefined) throw new Error('DATABASE_URL is not set')
    const scratch = await createScratchDatabase(options.databaseUrl, `agent_memory_soak_${process.pid}`)
    dropDatabase = scratch.drop
    databaseUrl = scratch.url
    store = await createPgVectorStore({
      connectionString: scratch.url,
      dimensions: embedder.dimensions,
      model: embedder.model,
      migrate: true,
    })
    other = await createPgVectorStore({
      connectionString: scratch.url,
      dimensions: embedder.dimensions,
      model: embedder.model,
    })
  }
  const memory = createMemory({ store, embedder, options: options.service })
  const otherMemory = createMemory({ store: other, embedder, options: options.service })
  const recallSocket = join(dir, 'recall.sock')
  const recallServer = await serveRecall({
    socketPath: recallSocket,
    memory,
    embedderKey: EMBEDDER_KEY,
    embedderDescription: 'soak',
  })
  const library = libraryCalls('library', memory, options.model)
  const second = libraryCalls(
    options.kind === 'embedded' ? 'store socket' : 'second pool',
    otherMemory,
    options.model,
  )
  const mcpClients: Client[] = []
  const clients: SoakCalls[] = []
  for (const [i, namespace] of options.namespaces.entries()) {
    if (i < 2) clients.push(library)
    else if (i < 4) clients.push(second)
    else if (i < 6) clients.push(recallSocketCalls(recallSocket, EMBEDDER_KEY, second))
    else {
      const server = createMemoryMcpServer({ memory, namespace })
      const client = new Client({ name: 'soak', version: '0.0.0' })
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
      await server.connect(serverSide)
      await client.connect(clientSide)
      mcpClients.push(client)
      clients.push(mcpCalls(client, library))
    }
  }

  return {
    label: options.kind,
    clients,
    memory,
    store,
    other,
    async openReference() {
      if (options.kind !== 'embedded') return undefined
      const connected = await connectEmbeddedStore({
        dataDir,
        dimensions: embedder.dimensions,
        model: embedder.model,
      })
      if (connected === undefined) throw new Error('the store socket did not answer')
      return connected.store
    },
    async openLeftovers() {
      const found: string[] = []
      const stats = await store.repairStats()
      if (stats.leased > 0) found.push(`${stats.leased} repair lease(s) still held`)
      if (stats.pending > 0) found.push(`${stats.pending} memory(ies) still waiting for an embedding`)
      if (stats.failed > 0) found.push(`${stats.failed} memory(ies) parked by repair`)
      if (databaseUrl !== undefined) {
        const client = new pg.Client({ connectionString: databaseUrl })
        await client.connect()
        try {
          const locks = await client.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE d.datname = current_database() AND l.locktype = 'advisory'",
          )
          if ((locks.rows[0]?.n ?? 0) > 0) found.push(`${locks.rows[0]!.n} advisory lock(s) held`)
        } finally {
          await client.end()
        }
      }
      return found
    },
    async close() {
      const found: string[] = []
      let memoriesWrites: TableWrites | undefined
      for (const client of mcpClients) await client.close()
      await recallServer.close()
      await otherMemory.close()
      await memory.close()
      await other.close()
      await store.close()
      if (options.kind === 'embedded') {
        if (DataDirLock.holder(dataDir) !== undefined)
          found.push('the data directory is still locked after close')
        if (existsSync(storeSocketPath(dataDir))) found.push('the store socket outlived the close')
      }
      if (existsSync(recallSocket)) found.push('the recall socket outlived the close')
      if (options.databaseUrl !== undefined && databaseUrl !== undefined) {
        const admin = new pg.Client({ connectionString: options.databaseUrl })
        await admin.connect()
        try {
          const name = new URL(databaseUrl).pathname.slice(1)
          // A closed pool's server processes leave pg_stat_activity as they exit, a moment after
          // the client hung up (longer on a busy machine): only sessions still there after a grace
          // period are left open.
          const graceEnds = Date.now() + SESSION_EXIT_GRACE_MS
          let open = 0
          for (;;) {
            const sessions = await admin.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
              [name],
            )
            open = sessions.rows[0]?.n ?? 0
            if (open === 0 || Date.now() >= graceEnds) break
            await new Promise((resolve) => setTimeout(resolve, 100))
          }
          if (open > 0)
            found.push(`${open} session(s) still open ${SESSION_EXIT_GRACE_MS / 1000} s after close`)
        } finally {
          await admin.end()
        }
        const reader = new pg.Client({ connectionString: databaseUrl })
        await reader.connect()
        try {
          memoriesWrites = await readTableWrites(reader, 'memories')
        } finally {
          await reader.end()
        }
      }
      await dropDatabase?.()
      await rm(dir, { recursive: true, force: true })
      return { leftovers: found, ...(memoriesWrites === undefined ? {} : { memoriesWrites }) }
    },
  }
}

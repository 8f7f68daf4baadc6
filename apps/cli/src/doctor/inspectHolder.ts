import { dirname } from 'node:path'
import type { DoctorCheck } from './DoctorCheck.js'

/** How long the doctor waits for the holder's store server to answer. */
const ANSWER_TIMEOUT_MS = 3_000

/**
 * Who holds the data directory's lock and, when a live process does, whether it serves the
 * directory to other commands: a holder that answers is how `mcp`, `serve` and `ui` share the
 * store; one that does not makes every other command fail on the lock until it exits.
 */
export async function inspectHolder(dataDir: string): Promise<DoctorCheck[]> {
  const { DataDirLock, storeSocketPath } = await import('@agent-memory/store-pgvector')
  const live = DataDirLock.liveHolder(dataDir)
  if (live === undefined) {
    const stale = DataDirLock.holder(dataDir)
    return [
      {
        name: 'lock',
        status: 'ok',
        detail:
          stale === undefined
            ? 'no process holds the data directory'
            : `a stale lock from process ${stale.pid}, which has exited; the next command takes it over`,
      },
      { name: 'store-server', status: 'skip', detail: 'no process holds the directory, so none serves it' },
    ]
  }
  const lock: DoctorCheck = { name: 'lock', status: 'ok', detail: `held by ${live}` }
  const socketPath = storeSocketPath(dataDir)
  const { default: pg } = await import('pg')
  const client = new pg.Client({
    host: dirname(socketPath),
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    connectionTimeoutMillis: ANSWER_TIMEOUT_MS,
  })
  client.on('error', () => undefined)
  try {
    await client.connect()
    await client.query('SELECT 1')
    return [
      lock,
      {
        name: 'store-server',
        status: 'ok',
        detail: `the holder answers on ${socketPath}: other commands work through it`,
      },
    ]
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return [
      lock,
      {
        name: 'store-server',
        status: 'fail',
        detail: `${live} holds the directory and does not answer on its socket (${code ?? (error as Error).message}): other commands fail on the lock until it exits`,
        fix:
          'wait for it to finish (a long ingest or repair holds the directory without serving it), or stop it; ' +
          'keep the store open for others with agent-memory serve, mcp or ui, which serve it',
      },
    ]
  } finally {
    await client.end().catch(() => undefined)
  }
}

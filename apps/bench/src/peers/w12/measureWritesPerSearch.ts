import type pg from 'pg'
import { readTableWrites } from '../../pg/readTableWrites.js'
import type { TableWrites } from '../../pg/TableWrites.js'
import type { WritesPerSearch } from './PeerResult.js'

interface Counters {
  lsn: string
  all: TableWrites
  memories: TableWrites
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs `search` `searches` times between two readings of the server's WAL position and the side's
 * database's write counters, each taken after `settleMs` of quiet (PostgreSQL 15 flushes an idle
 * session's statistics within ~10 s) and after the side's background work (`settle`). The WAL is
 * the whole server's: on a machine where nothing else writes, it is the searches'.
 */
export async function measureWritesPerSearch(
  reader: Pick<pg.Client, 'query'>,
  searches: number,
  settleMs: number,
  search: () => Promise<void>,
  settle: () => Promise<void>,
): Promise<WritesPerSearch> {
  const read = async (): Promise<Counters> => {
    await settle()
    await sleep(settleMs)
    const { rows } = await reader.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')
    return {
      lsn: rows[0]!.lsn,
      all: await readTableWrites(reader),
      memories: await readTableWrites(reader, 'memories'),
    }
  }
  const before = await read()
  for (let i = 0; i < searches; i++) await search()
  const after = await read()
  const { rows } = await reader.query<{ bytes: string }>('SELECT pg_wal_lsn_diff($1, $2)::text AS bytes', [
    after.lsn,
    before.lsn,
  ])
  const versions = (w: TableWrites) => w.inserted + w.updated
  const per = (n: number) => (searches > 0 ? n / searches : 0)
  return {
    searches,
    walBytes: per(Number(rows[0]!.bytes)),
    rowVersions: per(versions(after.all) - versions(before.all)),
    updates: per(after.all.updated - before.all.updated),
    hotUpdates: per(after.all.hotUpdated - before.all.hotUpdated),
    memoriesRowVersions: per(versions(after.memories) - versions(before.memories)),
  }
}

import type pg from 'pg'
import { readTableWrites } from '../../pg/readTableWrites.js'
import { readWalOfDatabase } from '../../pg/readWalOfDatabase.js'
import type { TableWrites } from '../../pg/TableWrites.js'
import type { WalOfDatabase } from '../../pg/WalOfDatabase.js'
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
 * session's statistics within ~10 s) and after the side's background work (`settle`). The WAL
 * between the two positions is then read record by record (`readWalOfDatabase`), so the figure is
 * the side's database's alone, full-page images apart; without `pg_walinspect` (no right to create
 * it) it is the whole server's LSN difference, exact only where nothing else writes.
 */
export async function measureWritesPerSearch(
  reader: Pick<pg.Client, 'query'>,
  searches: number,
  settleMs: number,
  search: () => Promise<void>,
  settle: () => Promise<void>,
  dimensions: number,
): Promise<WritesPerSearch> {
  const read = async (): Promise<Counters> => {
    await settle()
    await sleep(settleMs)
    const { rows } = await reader.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')
    return {
      lsn: rows[0]!.lsn,
      all: await readTableWrites(reader),
      memories: await readTableWrites(reader, 'memories'),
    }
  }
  const walinspect = await canInspectWal(reader)
  // A checkpoint inside the window would recycle the window's WAL before it is read: a temporary
  // physical slot of this session keeps it (dropped with the session, or at once below).
  const slot = walinspect ? await reserveWal(reader) : undefined
  let wal: WalOfDatabase | undefined
  let before: Counters
  let after: Counters
  try {
    before = await read()
    for (let i = 0; i < searches; i++) await search()
    after = await read()
    wal = walinspect ? await readWal(reader, before.lsn, after.lsn) : undefined
  } finally {
    // Gone already if the session lost it; a failure here must not hide the window's own.
    if (slot)
      await reader.query(
        'SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1',
        [slot],
      )
  }
  const { rows } = await reader.query<{ bytes: string }>('SELECT pg_wal_lsn_diff($1, $2)::text AS bytes', [
    after.lsn,
    before.lsn,
  ])
  const versions = (w: TableWrites) => w.inserted + w.updated
  const per = (n: number) => (searches > 0 ? n / searches : 0)
  const serverWalBytes = per(Number(rows[0]!.bytes))
  return {
    searches,
    dimensions,
    walBytes: wal ? per(wal.recordBytes + wal.fpiBytes) : serverWalBytes,
    serverWalBytes,
    ...(wal ? { wal } : {}),
    rowVersions: per(versions(after.all) - versions(before.all)),
    updates: per(after.all.updated - before.all.updated),
    hotUpdates: per(after.all.hotUpdated - before.all.hotUpdated),
    memoriesRowVersions: per(versions(after.memories) - versions(before.memories)),
  }
}

/** Whether `pg_walinspect` is there or could be created (not installed on the server, or not this role's to create: the LSN difference stands alone). */
async function canInspectWal(reader: Pick<pg.Client, 'query'>): Promise<boolean> {
  try {
    await reader.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect')
    return true
  } catch {
    return false
  }
}

/** A temporary physical replication slot that keeps the WAL from now on, or undefined where the role may not create one. */
async function reserveWal(reader: Pick<pg.Client, 'query'>): Promise<string | undefined> {
  try {
    const { rows } = await reader.query<{ name: string }>(
      `SELECT slot_name AS name FROM pg_create_physical_replication_slot('agent_memory_bench_wal_' || pg_backend_pid(), true, true)`,
    )
    return rows[0]!.name
  } catch {
    return undefined
  }
}

/** The window's WAL for the reader's database once it is flushed. */
async function readWal(reader: Pick<pg.Client, 'query'>, from: string, to: string): Promise<WalOfDatabase> {
  // pg_walinspect reads only flushed WAL; the WAL writer flushes within its delay (200 ms by default).
  for (let waited = 0; waited < 5000; waited += 100) {
    const { rows } = await reader.query<{ flushed: boolean }>(
      'SELECT pg_current_wal_flush_lsn() >= $1::pg_lsn AS flushed',
      [to],
    )
    if (rows[0]!.flushed) break
    await sleep(100)
  }
  return readWalOfDatabase(reader, from, to)
}

import type pg from 'pg'
import type { WalOfDatabase, WalRecordKind } from './WalOfDatabase.js'

interface WalRow {
  start_lsn: string
  bytes: string
  xid: string
  kind: string
  fpi: string
  block_ref: string | null
}

/**
 * The WAL between `from` and `to` (LSNs, `to` at most the flushed position) that belongs to the
 * connection's database, by record kind, read with `pg_walinspect` (PostgreSQL 15 contrib,
 * created in the database). A record is the
 * database's when a block it changes is of the database, or when its transaction's other records
 * are (its commit); anything else (other databases, checkpoints, running-transaction snapshots) is
 * counted apart. Full-page images are counted apart from the records that carry them.
 */
export async function readWalOfDatabase(
  client: Pick<pg.Client, 'query'>,
  from: string,
  to: string,
): Promise<WalOfDatabase> {
  const { rows: db } = await client.query<{ oid: string }>(
    'SELECT oid::text FROM pg_database WHERE datname = current_database()',
  )
  const oid = db[0]!.oid
  // Only flushed WAL can be read. An insert position at a page's start (past the page header) is
  // flushed only once another record is written: where nothing was written after `from`, the
  // window is empty; else it ends at the last flushed record, which holds everything written.
  const { rows: flushed } = await client.query<{ to: string; empty: boolean }>(
    `SELECT least($2::pg_lsn, pg_current_wal_flush_lsn())::text AS to,
            $1::pg_lsn >= least($2::pg_lsn, pg_current_wal_flush_lsn()) AS empty`,
    [from, to],
  )
  if (flushed[0]!.empty) return { kinds: [], recordBytes: 0, fpiBytes: 0, elsewhereBytes: 0, checkpoints: 0 }
  const { rows } = await client.query<WalRow>(
    `SELECT start_lsn::text, pg_wal_lsn_diff(end_lsn, start_lsn)::text AS bytes, xid::text,
            resource_manager || '/' || record_type AS kind, fpi_length::text AS fpi, block_ref
       FROM pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn) ORDER BY start_lsn`,
    [from, flushed[0]!.to],
  )
  // `rel <tablespace>/<database>/<relfilenode>` in each block reference.
  const ofDatabase = (ref: string | null) =>
    ref !== null && [...ref.matchAll(/rel \d+\/(\d+)\/\d+/g)].some((match) => match[1] === oid)
  const xids = new Set(
    rows.filter((row) => row.xid !== '0' && ofDatabase(row.block_ref)).map((row) => row.xid),
  )
  const kinds = new Map<string, WalRecordKind>()
  let elsewhereBytes = 0
  let checkpoints = 0
  for (const row of rows) {
    if (/^XLOG\/CHECKPOINT_(ONLINE|SHUTDOWN)$/.test(row.kind)) checkpoints++
    if (!ofDatabase(row.block_ref) && !(row.xid !== '0' && xids.has(row.xid))) {
      elsewhereBytes += Number(row.bytes)
      continue
    }
    const kind = kinds.get(row.kind) ?? { kind: row.kind, records: 0, recordBytes: 0, fpiBytes: 0 }
    kind.records++
    kind.recordBytes += Number(row.bytes) - Number(row.fpi)
    kind.fpiBytes += Number(row.fpi)
    kinds.set(row.kind, kind)
  }
  const sorted = [...kinds.values()].sort((a, b) => b.recordBytes + b.fpiBytes - (a.recordBytes + a.fpiBytes))
  return {
    kinds: sorted,
    recordBytes: sorted.reduce((sum, k) => sum + k.recordBytes, 0),
    fpiBytes: sorted.reduce((sum, k) => sum + k.fpiBytes, 0),
    elsewhereBytes,
    checkpoints,
  }
}

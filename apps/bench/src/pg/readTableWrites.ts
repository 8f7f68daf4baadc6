import type pg from 'pg'
import type { TableWrites } from './TableWrites.js'

/**
 * The connection's database's write counters (`pg_stat_user_tables`), summed over its tables or
 * for tables of one name, this session's writes included. Another session's writes show once that
 * session has flushed its statistics: at once when it exits, within ~10 s of going idle on
 * PostgreSQL 15.
 */
export async function readTableWrites(client: Pick<pg.Pool, 'query'>, table?: string): Promise<TableWrites> {
  // This session's own counters are flushed when it next goes idle; a fresh snapshot then sees them.
  await client.query('SELECT pg_stat_force_next_flush()')
  await client.query('SELECT pg_stat_clear_snapshot()')
  const { rows } = await client.query<Record<'ins' | 'upd' | 'hot' | 'del', string>>(
    `SELECT coalesce(sum(n_tup_ins), 0) AS ins, coalesce(sum(n_tup_upd), 0) AS upd,
            coalesce(sum(n_tup_hot_upd), 0) AS hot, coalesce(sum(n_tup_del), 0) AS del
       FROM pg_stat_user_tables WHERE $1::text IS NULL OR relname = $1`,
    [table ?? null],
  )
  const row = rows[0]
  return {
    inserted: Number(row?.ins ?? 0),
    updated: Number(row?.upd ?? 0),
    hotUpdated: Number(row?.hot ?? 0),
    deleted: Number(row?.del ?? 0),
  }
}

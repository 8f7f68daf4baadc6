import type pg from 'pg'

/**
 * Brings freshly loaded rows to the state a long-lived table is in before anything is timed:
 * VACUUM (ANALYZE) gives the planner its statistics and sets what a bulk load leaves unset (hint
 * bits, the visibility map; a server may run without autovacuum, as this project's CI server
 * does), and CHECKPOINT writes the load's dirty pages now rather than under the timed queries.
 * `table` undefined: the whole database. CHECKPOINT needs superuser or pg_checkpoint; without
 * either the server's own schedule stands.
 */
export async function settleTable(pool: Pick<pg.Pool, 'query'>, table?: string): Promise<void> {
  await pool.query(table === undefined ? 'VACUUM (ANALYZE)' : `VACUUM (ANALYZE) ${table}`)
  await pool.query('CHECKPOINT').catch(() => undefined)
}

import type pg from 'pg'

/** Cumulative read counters of the connection's database (see `statCounters`). */
export interface StatCounters {
  /** Heap tuples read sequentially plus index tuples read (HNSW counts only the tuples it returns). */
  tuples: number
  /** Heap and index pages read, from shared buffers or not: the work a graph walk does shows here. */
  pages: number
  /**
   * Of `pages`, those not found in shared buffers: each was read through the operating system
   * (its page cache, or the disk), one system call apiece.
   */
  outside: number
}

/**
 * The read counters of the connection's database, after the backend behind `client` flushed its
 * own: deltas taken on the one connection that ran a workload's queries count exactly those.
 */
export async function statCounters(client: Pick<pg.Pool, 'query'>): Promise<StatCounters> {
  await client.query('SELECT pg_stat_force_next_flush()')
  await client.query('SELECT pg_stat_clear_snapshot()')
  const { rows } = await client.query<{ tuples: string; pages: string; outside: string }>(
    `SELECT (SELECT coalesce(sum(seq_tup_read), 0) FROM pg_stat_user_tables)
         + (SELECT coalesce(sum(idx_tup_read), 0) FROM pg_stat_user_indexes) AS tuples,
       (SELECT coalesce(sum(coalesce(heap_blks_hit, 0) + coalesce(heap_blks_read, 0)
         + coalesce(idx_blks_hit, 0) + coalesce(idx_blks_read, 0)), 0) FROM pg_statio_user_tables) AS pages,
       (SELECT coalesce(sum(coalesce(heap_blks_read, 0) + coalesce(idx_blks_read, 0)), 0)
         FROM pg_statio_user_tables) AS outside`,
  )
  const row = rows[0]
  return {
    tuples: Number(row?.tuples ?? 0),
    pages: Number(row?.pages ?? 0),
    outside: Number(row?.outside ?? 0),
  }
}

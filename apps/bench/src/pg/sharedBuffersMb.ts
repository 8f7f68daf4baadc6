import type pg from 'pg'

/** The server's `shared_buffers` in MB: whether a run's pages stay in the buffer pool moves its figures. */
export async function sharedBuffersMb(pool: Pick<pg.Pool, 'query'>): Promise<number> {
  const { rows } = await pool.query<{ mb: number }>(
    `SELECT (pg_size_bytes(current_setting('shared_buffers')) / 1048576)::int AS mb`,
  )
  return rows[0]!.mb
}

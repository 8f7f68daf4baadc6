import pg from 'pg'

/**
 * A pool whose idle-client errors are logged, never thrown: an unhandled 'error' on a pool ends the
 * process. One way it happens: `pool.end()` resolves once it has asked its clients to close, not
 * once they have, and a scratch database's drop (`DROP DATABASE … WITH (FORCE)`) then terminates a
 * session still closing (seen on a loaded machine).
 */
export function loggedPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config)
  pool.on('error', (error) => console.error(`[bench] idle Postgres client error: ${error.message}`))
  return pool
}

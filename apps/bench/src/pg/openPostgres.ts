import type pg from 'pg'
import { loggedPool } from './loggedPool.js'

/**
 * A pool on `DATABASE_URL` whose sessions resolve unqualified names in `schema` first (then
 * `public`, where the `vector` extension lives), so stores and peers that use unqualified table
 * names land in the benchmark's own schema. Idle-client errors are logged, never thrown.
 */
export function openPostgres(
  databaseUrl: string,
  schema: string,
  max = 4,
  /** More `-c name=value` settings for every session (e.g. a build's maintenance_work_mem). */
  settings = '',
): pg.Pool {
  return loggedPool({
    connectionString: databaseUrl,
    max,
    options: `-c search_path=${schema},public -c synchronous_commit=off${settings ? ` ${settings}` : ''}`,
  })
}

import type pg from 'pg'

/**
 * node-postgres, loaded when a store first needs a pool of its own (a connection string, a read
 * replica, a served data directory) rather than with the package: an embedded store never loads
 * it, which saves its import (~35 ms) on every CLI start.
 */
export async function loadPg(): Promise<typeof pg> {
  return (await import('pg')).default
}

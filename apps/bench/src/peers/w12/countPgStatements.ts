import pg from 'pg'

/**
 * Counts the `query` calls (round trips) of every node-postgres client of this process from now on (each side's
 * library and ours resolve the same `pg`), so a search's round trips can be compared. Returns the
 * running count; PGlite's statements are not counted.
 */
export function countPgStatements(): () => number {
  let count = 0
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
  const query = prototype.query
  prototype.query = function counted(this: unknown, ...args: unknown[]) {
    count++
    return query.apply(this, args)
  }
  return () => count
}

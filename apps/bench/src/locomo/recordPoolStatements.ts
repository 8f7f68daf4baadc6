import type pg from 'pg'
import type { StatementLog } from './StatementLog.js'

/**
 * Feeds `log` every statement a client of `pool` sends from now on (register before the pool
 * opens its first client). A query that is not a promise (a COPY stream) passes through untimed.
 */
export function recordPoolStatements(pool: pg.Pool, log: StatementLog): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    ;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const result = query(...args)
      if (!(result instanceof Promise)) return result
      const text = typeof args[0] === 'string' ? args[0] : ''
      return log.record(text, result)
    }
  })
}

import { ACCESS_SQL } from './ACCESS_SQL.js'
import { MEMORY_COLUMN_NAMES } from './MEMORY_COLUMN_NAMES.js'

/**
 * The SQL expression of each column a `Memory` is read from, in `MEMORY_COLUMN_NAMES`' order, over
 * the `memories` row aliased `alias` of the namespace bound as `namespace` (`$n`): the stored
 * columns as they are, the reinforcement (`ACCESS_SQL`) with its access row applied.
 */
export function memoryColumnsOf(alias: string, namespace: string): string[] {
  return MEMORY_COLUMN_NAMES.map((column) => {
    if (column === 'last_accessed_at') return ACCESS_SQL.lastAccessedAt(alias, namespace)
    if (column === 'access_count') return ACCESS_SQL.accessCount(alias, namespace)
    return `${alias}.${column}`
  })
}

import { ACCESS_SQL } from './ACCESS_SQL.js'
import { MEMORY_COLUMN_NAMES } from './MEMORY_COLUMN_NAMES.js'

/**
 * The SQL expression of each column a `Memory` is read from, in `MEMORY_COLUMN_NAMES`' order, over
 * the `memories` row aliased `alias`: the stored columns as they are, the reinforcement
 * (`ACCESS_SQL`) with its access row applied, looked up by the namespace bound as `namespace`
 * (`$n`), or read from the access row the statement joins as `joinedAs`.
 */
export function memoryColumnsOf(
  alias: string,
  access: { namespace: string } | { joinedAs: string },
): string[] {
  const rule =
    'joinedAs' in access
      ? {
          lastAccessedAt: ACCESS_SQL.joined.lastAccessedAt(alias, access.joinedAs),
          accessCount: ACCESS_SQL.joined.accessCount(alias, access.joinedAs),
        }
      : {
          lastAccessedAt: ACCESS_SQL.lastAccessedAt(alias, access.namespace),
          accessCount: ACCESS_SQL.accessCount(alias, access.namespace),
        }
  return MEMORY_COLUMN_NAMES.map((column) => {
    if (column === 'last_accessed_at') return rule.lastAccessedAt
    if (column === 'access_count') return rule.accessCount
    return `${alias}.${column}`
  })
}

import { ACCESS_SQL } from './ACCESS_SQL.js'
import { MEMORY_COLUMN_NAMES } from './MEMORY_COLUMN_NAMES.js'

const TIMESTAMP_COLUMNS: ReadonlySet<string> = new Set([
  'created_at',
  'updated_at',
  'last_accessed_at',
  'expires_at',
  'valid_from',
  'valid_to',
  'observed_at',
])

/**
 * A timestamp as milliseconds since the epoch (`rowToMemory` makes the `Date`): a number parses
 * without the date parser's regular-expression matches, and a recall decodes a hundred rows or more.
 */
const epochMilliseconds = (expression: string) => `(extract(epoch FROM ${expression}) * 1000)::float8`

/** Array columns, most often empty: an empty one comes as NULL (`rowToMemory` reads `[]`), which no array parser reads. */
const ARRAY_COLUMNS: ReadonlySet<string> = new Set(['tags', 'linked_memory_ids'])

/**
 * The SQL expression of each column a `Memory` is read from, in `MEMORY_COLUMN_NAMES`' order, over
 * the `memories` row aliased `alias`: the stored columns as they are, the reinforcement
 * (`ACCESS_SQL`) with its access row applied, looked up by the namespace bound as `namespace`
 * (`$n`), or read from the access row the statement joins as `joinedAs`. Timestamps come as
 * milliseconds since the epoch, empty arrays as NULL.
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
    if (column === 'last_accessed_at') return epochMilliseconds(rule.lastAccessedAt)
    if (column === 'access_count') return rule.accessCount
    if (TIMESTAMP_COLUMNS.has(column)) return epochMilliseconds(`${alias}.${column}`)
    if (ARRAY_COLUMNS.has(column)) return `nullif(${alias}.${column}, '{}')`
    return `${alias}.${column}`
  })
}

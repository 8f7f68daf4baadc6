import { ACCESS_ROW } from './ACCESS_ROW.js'
import { MEMORY_COLUMN_NAMES } from './MEMORY_COLUMN_NAMES.js'
import { memoryColumnsOf } from './memoryColumnsOf.js'

/**
 * The select list a `Memory` is read from (never the vector), over alias `alias` (default `m`) and
 * under the columns' own names, with the reinforcement recall keeps beside the row applied
 * (`memoryColumnsOf`): looked up by `namespace`, the statement's bound namespace (`$n`), or, with
 * `access: 'joined'`, read from the access row the statement joins (`joinAccessRow`).
 */
export function memoryColumnsSelect(
  namespace: string,
  alias = 'm',
  access: 'looked-up' | 'joined' = 'looked-up',
): string {
  return memoryColumnsOf(alias, access === 'joined' ? { joinedAs: ACCESS_ROW } : { namespace })
    .map((expression, i) => `${expression} AS ${MEMORY_COLUMN_NAMES[i]}`)
    .join(', ')
}

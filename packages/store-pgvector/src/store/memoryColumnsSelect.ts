import { MEMORY_COLUMN_NAMES } from './MEMORY_COLUMN_NAMES.js'
import { memoryColumnsOf } from './memoryColumnsOf.js'

/**
 * The select list a `Memory` is read from (never the vector), over alias `alias` (default `m`) and
 * under the columns' own names, with the reinforcement recall keeps beside the row applied
 * (`memoryColumnsOf`); `namespace` is the statement's bound namespace (`$n`).
 */
export function memoryColumnsSelect(namespace: string, alias = 'm'): string {
  return memoryColumnsOf(alias, { namespace })
    .map((expression, i) => `${expression} AS ${MEMORY_COLUMN_NAMES[i]}`)
    .join(', ')
}

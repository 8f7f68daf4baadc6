import { MEMORY_COLUMN_NAMES } from './MEMORY_COLUMN_NAMES.js'
import { memoryColumnsOf } from './memoryColumnsOf.js'

/**
 * The columns a `Memory` is read from (never the vector), over the `m` alias and under their own
 * names, with the reinforcement recall keeps beside the row applied (`memoryColumnsOf`).
 */
export const MEMORY_COLUMNS = memoryColumnsOf('m')
  .map((expression, i) => `${expression} AS ${MEMORY_COLUMN_NAMES[i]}`)
  .join(', ')

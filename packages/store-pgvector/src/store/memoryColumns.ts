import { MEMORY_COLUMN_NAMES } from './MEMORY_COLUMN_NAMES.js'

/** The columns a `Memory` is read from (never the vector), qualified by the `m` alias. */
export const MEMORY_COLUMNS = MEMORY_COLUMN_NAMES.map((column) => `m.${column}`).join(', ')

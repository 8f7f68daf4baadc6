import type { VectorTable } from './VectorTable.js'

export const VECTOR_TABLES: readonly VectorTable[] = ['memories', 'memory_chunks']

import type { VectorTable } from './VectorTable.js'

/**
 * A regular expression (POSIX and JavaScript alike) matching every name `namespaceIndexName` gives
 * on `table`, or on either vector table: how the per-namespace indexes are told from the rest.
 */
export function namespaceIndexPattern(table?: VectorTable): string {
  const prefix = table === undefined ? '(memories|chunks)' : table === 'memories' ? 'memories' : 'chunks'
  return `^${prefix}_hnsw_[0-9a-f]{24}(_dense)?$`
}

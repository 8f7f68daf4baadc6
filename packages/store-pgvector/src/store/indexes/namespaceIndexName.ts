import { createHash } from 'node:crypto'
import type { HnswGraph } from './HNSW_BUILD.js'
import type { VectorTable } from './VectorTable.js'

/**
 * The name of a namespace's partial HNSW index on `table`: derived from a hash of the namespace,
 * so any namespace (any length, any characters) gives a short, plain identifier that never needs
 * quoting and never collides in practice (96 bits). The dense graph has a name of its own, so it
 * can be built while the sparse one it replaces still serves searches (`densifyNamespaceIndex`).
 * Every name matches `namespaceIndexPattern`.
 */
export function namespaceIndexName(
  table: VectorTable,
  namespace: string,
  graph: HnswGraph = 'sparse',
): string {
  const digest = createHash('sha256').update(namespace, 'utf8').digest('hex').slice(0, 24)
  return `${table === 'memories' ? 'memories' : 'chunks'}_hnsw_${digest}${graph === 'dense' ? '_dense' : ''}`
}

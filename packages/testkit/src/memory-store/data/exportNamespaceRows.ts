import { InvalidArgumentError, type StoredMemoryRow } from '@agent-memory/core'
import { checkNamespace } from '../state/checkNamespace.js'
import { compareRowIds } from '../state/compareRowIds.js'
import { copyMemory } from '../state/copyMemory.js'
import { copyVector } from '../state/copyVector.js'
import type { InMemoryState } from '../state/InMemoryState.js'
import { namespaceRows } from '../state/namespaceRows.js'

/** `NamespaceDataStore.exportRows`: a page of the namespace in id order, after `after`. */
export async function exportNamespaceRows(
  state: InMemoryState,
  namespace: string,
  options: { after?: string; limit: number; vectors?: boolean },
): Promise<StoredMemoryRow[]> {
  checkNamespace(namespace)
  if (!Number.isInteger(options.limit) || options.limit < 1 || options.limit > 1000) {
    throw new InvalidArgumentError('limit', `limit must be an integer from 1 to 1000, got ${options.limit}`)
  }
  const vectors = options.vectors === true
  const after = options.after
  return namespaceRows(state, namespace)
    .filter((row) => after === undefined || row.memory.id > after)
    .sort(compareRowIds)
    .slice(0, options.limit)
    .map((row) => ({
      memory: copyMemory(row.memory),
      validToStamped: row.stampedValidTo,
      embedding: vectors && row.embedding !== null ? copyVector(row.embedding) : null,
      chunks: [...row.chunks]
        .sort((a, b) => a.idx - b.idx)
        .map((chunk) => ({
          idx: chunk.idx,
          text: chunk.text,
          embedding: vectors ? copyVector(chunk.embedding) : null,
        })),
    }))
}

import { InvalidArgumentError, type StoredEmbedding } from '@agent-memory/core'
import { checkNamespace } from '../state/checkNamespace.js'
import { copyVector } from '../state/copyVector.js'
import type { InMemoryState } from '../state/InMemoryState.js'
import { namespaceRows } from '../state/namespaceRows.js'

/**
 * `Store.storedEmbeddings`: per distinct content among the namespace's embedded rows with these
 * fingerprints, the newest row's vectors; nothing unless this store was opened for `embedder`.
 */
export async function storedRowEmbeddings(
  state: InMemoryState,
  store: { model: string | undefined; dimensions: number },
  namespace: string,
  fingerprints: string[],
  embedder: { model: string; dimensions: number },
): Promise<StoredEmbedding[]> {
  checkNamespace(namespace)
  if (!Array.isArray(fingerprints) || fingerprints.some((fingerprint) => typeof fingerprint !== 'string'))
    throw new InvalidArgumentError('fingerprints', 'fingerprints must be an array of strings')
  if (typeof embedder?.model !== 'string' || !Number.isInteger(embedder.dimensions))
    throw new InvalidArgumentError('embedder', 'embedder must name a model and its dimensions')
  if (store.model !== embedder.model || store.dimensions !== embedder.dimensions) return []
  const wanted = new Set(fingerprints)
  const byContent = new Map<string, StoredEmbedding & { updatedAt: number }>()
  for (const row of namespaceRows(state, namespace)) {
    const { memory, embedding } = row
    if (!wanted.has(memory.fingerprint) || memory.embedState !== 'ok' || embedding === null) continue
    const seen = byContent.get(memory.content)
    if (seen !== undefined && seen.updatedAt >= memory.updatedAt.getTime()) continue
    byContent.set(memory.content, {
      fingerprint: memory.fingerprint,
      content: memory.content,
      embedding: copyVector(embedding),
      chunks: row.chunks.map((chunk) => ({ text: chunk.text, embedding: copyVector(chunk.embedding) })),
      updatedAt: memory.updatedAt.getTime(),
    })
  }
  return [...byContent.values()].map(({ updatedAt: _updatedAt, ...entry }) => entry)
}

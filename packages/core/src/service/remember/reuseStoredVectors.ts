import { memoryEmbedText } from '../context/memoryEmbedText.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import type { PreparedWrite } from './PreparedWrite.js'

/**
 * The vectors the store already holds for texts of `writes` that `missing` lists: one
 * `Store.storedEmbeddings` read for the fingerprints of the writes those texts belong to, each
 * stored text matched exactly (a fingerprint is case-folded; a vector is of the exact text). So a
 * re-ingest in a fresh process, content written again under another id or tier, or an update
 * back to a text the namespace holds, costs a read instead of an embedder call. Empty on a store
 * without the read; a failed read is reported and the texts are embedded as usual.
 */
export async function reuseStoredVectors(
  context: ServiceContext,
  namespace: string,
  writes: PreparedWrite[],
  missing: string[],
): Promise<Map<string, Float32Array>> {
  const reused = new Map<string, Float32Array>()
  const { store, embedder } = context
  if (!store.storedEmbeddings) return reused
  const wanted = new Set(missing)
  const fingerprints = new Set<string>()
  for (const write of writes) {
    if (
      wanted.has(memoryEmbedText(context, write.content)) ||
      write.chunkTexts.some((text) => wanted.has(text))
    )
      fingerprints.add(write.fingerprint)
  }
  if (fingerprints.size === 0) return reused
  let stored: Awaited<ReturnType<NonNullable<typeof store.storedEmbeddings>>>
  try {
    stored = await store.storedEmbeddings(namespace, [...fingerprints], {
      model: embedder.model,
      dimensions: embedder.dimensions,
    })
  } catch (error) {
    context.report(error, 'remember.reuse')
    return reused
  }
  const take = (text: string, vector: Float32Array) => {
    if (wanted.has(text) && vector.length === embedder.dimensions) reused.set(text, vector)
  }
  for (const entry of stored) {
    take(memoryEmbedText(context, entry.content), entry.embedding)
    for (const chunk of entry.chunks) take(chunk.text, chunk.embedding)
  }
  context.storedVectorsReused.count += reused.size
  return reused
}

/**
 * Vectors a store already holds for some content (`Store.storedEmbeddings`): a memory's content
 * with its own vector, and its chunks' texts with theirs. The service reuses them for a write of
 * the same text instead of asking the embedder again.
 */
export interface StoredEmbedding {
  /** The content's fingerprint, as asked for. */
  fingerprint: string
  /** The stored memory's content (the fingerprint is case-folded: the text may differ from the write's). */
  content: string
  /** The memory's own vector: the embedding of its content (bounded by the writer's `maxEmbedChars`). */
  embedding: Float32Array
  /** Its chunks' texts and vectors, in order; empty when it has none. */
  chunks: Array<{ text: string; embedding: Float32Array }>
}

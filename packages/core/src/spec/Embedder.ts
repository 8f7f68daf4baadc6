/** Options for one `embed` call. */
export interface EmbedOptions {
  signal?: AbortSignal
  /** Some models embed queries and documents differently; others ignore this. */
  purpose?: 'query' | 'document'
}

/**
 * Turns texts into vectors. The contract:
 * - the result has exactly one vector per input, in input order, each of length `dimensions`
 *   with finite numbers;
 * - the same text with the same model always yields the same vector (it is not a model call);
 * - `embed([])` resolves to `[]` without any I/O;
 * - an aborted `signal` rejects promptly with the signal's reason;
 * - failures reject with an `EmbeddingError` whose `retryable` says whether trying later may help.
 */
export interface Embedder {
  /** Model identity, recorded by the store; opening a store recorded with another model is an error. */
  readonly model: string
  readonly dimensions: number
  /**
   * The minimum cosine similarity below which `memory_search` drops a hit, calibrated for this
   * model (0.3 for text-embedding-3-small). Optional; tools fall back to 0.3.
   */
  readonly minScore?: number
  embed(texts: string[], options?: EmbedOptions): Promise<Float32Array[]>
}

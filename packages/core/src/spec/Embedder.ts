/** Options for one `embed` call. */
export interface EmbedOptions {
  signal?: AbortSignal
  /** Some models embed queries and documents differently; others ignore this. */
  purpose?: 'query' | 'document'
  /**
   * How long the caller will wait, in ms. An embedder that retries should give up before then with
   * its real failure (an HTTP status, a malformed answer) rather than be cut off by the caller's
   * timer, which can only say that no answer came. Optional; embedders without retries ignore it.
   */
  timeoutMs?: number
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
  /**
   * The cosine similarity from which a write reports an existing memory as a near-duplicate
   * (`RememberResult.similar`), calibrated for this model like `minScore`. Optional; the service
   * falls back to `DEFAULT_DUPLICATE_SCORE` (0.9).
   */
  readonly duplicateScore?: number
  /**
   * True when the cosine measures shared surface text (character n-grams), not meaning, as the
   * offline hashing embedder's does: any two sentences share function words, so in hybrid recall a
   * memory passes a threshold on its cosine only when the keyword leg matched it too (or it borrowed
   * its place from a hit that did). Optional; semantic models leave it unset.
   */
  readonly lexical?: boolean
  /** One vector per text, in order; see the contract above. */
  embed(texts: string[], options?: EmbedOptions): Promise<Float32Array[]>
}

/** Options for one `rerank` call. */
export interface RerankCallOptions {
  /** Aborted when the service stops waiting (its budget ran out, or the caller aborted). */
  signal: AbortSignal
  /** How long the service will wait, in ms: a reranker that retries should give up before then. */
  timeoutMs: number
}

/**
 * Scores documents against a query with a model that reads both together (a cross-encoder such as
 * Cohere Rerank), to reorder what recall's legs found. The contract:
 * - the answer lists documents by their index in `documents` with a score, higher meaning more
 *   relevant; it may leave documents out (they keep their place after the listed ones);
 * - an aborted `signal` rejects promptly;
 * - a failure rejects; recall then keeps the fused order (`degraded: 'not_reranked'`).
 */
export interface Reranker {
  /** Model identity, for logs. */
  readonly model: string
  /** Scores `documents` against `query`: each listed document by its index, higher more relevant. */
  rerank(
    query: string,
    documents: string[],
    options: RerankCallOptions,
  ): Promise<Array<{ index: number; score: number }>>
}

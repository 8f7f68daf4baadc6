import type { RerankingModel } from 'ai'

/** The AI SDK reranking model `createAiSdkReranker` wraps, and how it calls it. */
export interface AiSdkRerankerOptions {
  /**
   * Any AI SDK reranking model (AI SDK 6 or later): `cohere.reranking('rerank-v3.5')`,
   * `bedrock.reranking(…)`, `togetherai.reranking(…)`, or a gateway model id string.
   */
  model: RerankingModel
  /** How the model is named in logs. Default: the model's `modelId` (or the id string). */
  modelId?: string
  /** Retries of retryable failures, done by the AI SDK within the service's budget. Default 1. */
  maxRetries?: number
  /** Passed to the provider as is. */
  providerOptions?: Record<string, Record<string, unknown>>
  /** Extra HTTP headers for HTTP-based providers. */
  headers?: Record<string, string>
}

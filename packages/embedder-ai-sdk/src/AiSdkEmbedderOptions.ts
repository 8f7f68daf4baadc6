import type { EmbeddingModel } from 'ai'

/** The AI SDK embedding model `createAiSdkEmbedder` wraps, and how it identifies and batches it. */
export interface AiSdkEmbedderOptions {
  /**
   * Any AI SDK embedding model: `openai.embedding('text-embedding-3-small')`,
   * `cohere.embedding(…)`, `mistral.embedding(…)`, `google.textEmbedding(…)`, an Ollama or
   * `@ai-sdk/openai-compatible` model, or a gateway model id string.
   */
  model: EmbeddingModel
  /**
   * The vector length the model returns. Required: AI SDK models do not declare it. Every vector
   * is checked against it; pass the provider's own dimension option in `providerOptions` when the
   * model can shorten its vectors.
   */
  dimensions: number
  /** What the store records as the model identity. Default: the model's `modelId` (or the id string). */
  modelId?: string
  /** The calibrated `memory_search` threshold for this model (0.3 for text-embedding-3-small). */
  minScore?: number
  /** Requests in flight at once when a call is split into batches. Default 4. */
  maxParallelCalls?: number
  /** Retries of retryable failures (429, 5xx, network), done by the AI SDK with backoff. Default 2. */
  maxRetries?: number
  /** Passed to the provider as is, e.g. `{ openai: { dimensions: 512 } }`. */
  providerOptions?: Record<string, Record<string, unknown>>
  /** Extra HTTP headers for HTTP-based providers. */
  headers?: Record<string, string>
}

import type { LanguageModel } from 'ai'

/** How `observe` may use its model: which one, and how much per call. */
export interface ModelBudget {
  model: LanguageModel
  /** Output tokens per model call (extraction, decision). Default 2000. */
  maxOutputTokens: number
  /** Retries of a retryable provider error (429, 5xx), honouring Retry-After. Default 2. */
  maxRetries: number
  /** Aborts every call: the caller's signal and the overall timeout combined. */
  signal: AbortSignal
}

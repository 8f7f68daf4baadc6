/** What one `embed` call cost, reported through `onUsage` once the call settles. */
export interface EmbeddingUsage {
  /** Inputs in the call. */
  inputs: number
  /** Tokens billed: the responses' `usage`, or characters counted 1:1 when a response had none. */
  tokens: number
  /** True when some of `tokens` came from the characters convention rather than `usage`. */
  tokensEstimated: boolean
  /** `tokens × costPerMillionTokens / 1e6` (0.02 USD per million for text-embedding-3-small). */
  costUsd: number
  /** HTTP requests sent, retries included. */
  requests: number
  /** Of those, how many were retries. */
  retries: number
  /** Whether the call rejected. */
  failed: boolean
}

/** The key, server, model and limits of `createOpenRouterEmbedder`; defaults in `OPENROUTER_DEFAULTS`. */
export interface OpenRouterEmbedderOptions {
  /** Default `https://openrouter.ai/api/v1`; any OpenAI-compatible base URL (the path before `/embeddings`). */
  baseURL?: string
  /** Default `process.env.OPENROUTER_API_KEY`. Required for the default base URL. */
  apiKey?: string
  /** Default `openai/text-embedding-3-small`. */
  model?: string
  /**
   * Vector length (default 1536). Sent as `dimensions` in the request only when set here, since
   * some models reject the parameter.
   */
  dimensions?: number
  /** Inputs per request, 1–2048 (default 256). */
  maxBatchSize?: number
  /** Estimated tokens per request, at most 300,000 (the default). */
  maxTokensPerRequest?: number
  /** Estimated tokens per input, at most 8191 (the default). */
  maxTokensPerInput?: number
  /** Cut an input over `maxTokensPerInput` instead of failing the call (default false). */
  truncate?: boolean
  /** Requests in flight at once for one call (default 4). */
  maxParallel?: number
  /** Retries per request after the first attempt (default 5). */
  maxRetries?: number
  /**
   * Of those, how many may follow an answer that arrived but was unusable: not JSON, HTML, a wrong
   * item count, missing indexes, nulls (default 1). Such an answer rarely fixes itself.
   */
  maxMalformedRetries?: number
  /** Timeout of each attempt in ms (default 30,000). */
  timeoutMs?: number
  /**
   * Overall deadline of one `embed` call in ms, retries and waits included (default 120,000). A
   * caller's `EmbedOptions.timeoutMs` shortens it so the call ends, with its real failure, first.
   */
  deadlineMs?: number
  /** First backoff ceiling in ms (default 500); doubles per retry, full jitter. */
  retryBaseDelayMs?: number
  /** Largest backoff ceiling in ms (default 20,000). */
  retryMaxDelayMs?: number
  /** A server-requested wait (`Retry-After`, `retry-after-ms`) is capped at this many ms (default 60,000). */
  maxRetryAfterMs?: number
  /**
   * Ask for base64 vectors (smaller responses, 5× faster to decode) or JSON floats. Unset: base64,
   * and JSON floats from the first answer (400 or 422) that refuses the parameter; set, exactly it.
   */
  encodingFormat?: 'float' | 'base64'
  /** Extra request headers. */
  headers?: Record<string, string>
  /** OpenRouter attribution: sent as `HTTP-Referer`. */
  referer?: string
  /** OpenRouter attribution: sent as `X-Title`. */
  title?: string
  /** Minimum cosine for `memory_search` (default 0.3, calibrated for text-embedding-3-small). */
  minScore?: number
  /** USD per million tokens (default 0.02, text-embedding-3-small). */
  costPerMillionTokens?: number
  /** Called once per `embed` call (that sent at least one request) when it settles. */
  onUsage?: (usage: EmbeddingUsage) => void
  /** Test and integration seams; the defaults are the real thing. */
  fetch?: typeof fetch
  /** Waits between retries (a seam for tests, like `fetch`). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  /** Uniform in [0, 1), for the backoff jitter. */
  random?: () => number
  /** Milliseconds since the epoch (for `Retry-After` dates and the deadline). */
  now?: () => number
}

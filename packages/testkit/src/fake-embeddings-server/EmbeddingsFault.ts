/**
 * What the fake embeddings server does with one request instead of (or on top of) answering it.
 * Scripted per request with `server.script(...)` or `options.faults(requestNumber)`.
 */
export type EmbeddingsFault =
  /** Answer normally. */
  | { kind: 'ok' }
  /** 429 with any combination of `Retry-After: <seconds>`, `Retry-After: <HTTP date>`, `retry-after-ms`. */
  | { kind: 'rateLimit'; retryAfterSeconds?: number; retryAfterDate?: Date; retryAfterMs?: number }
  /** Any status with an OpenRouter-shaped error body (or the given body) and headers. */
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  /** An error status whose body echoes the request's Authorization header, like a careless proxy. */
  | { kind: 'echoAuth'; status?: number }
  /** Destroy the socket before any response byte. */
  | { kind: 'reset' }
  /** Send the headers and half the body, then destroy the socket. */
  | { kind: 'resetMidBody' }
  /** Never answer (until the server closes). */
  | { kind: 'hang' }
  /** Wait `ms`, then apply `then` (default: answer normally). */
  | { kind: 'delay'; ms: number; then?: EmbeddingsFault }
  /** HTTP 200 whose body is `{ error: { message, code } }`. */
  | { kind: 'errorBody'; message?: string; code?: number | string }
  /** HTTP 200 with a JSON body cut off in the middle. */
  | { kind: 'malformedJson' }
  /** HTTP 200 with an HTML page. */
  | { kind: 'html' }
  /** Items in a random (seeded) order, `index` kept correct. */
  | { kind: 'shuffled' }
  /** Items in reverse order, `index` kept correct. */
  | { kind: 'reversed' }
  /** `index` removed from item `item` (default 0). */
  | { kind: 'missingIndex'; item?: number }
  /** Item `item` (default 1) carries the index of item 0. */
  | { kind: 'duplicateIndex'; item?: number }
  /** Item `item` (default 0) carries `index = data.length`. */
  | { kind: 'outOfRangeIndex'; item?: number }
  /** The last item dropped. */
  | { kind: 'fewer' }
  /** One item more than asked for. */
  | { kind: 'extra' }
  /** `data: []`. */
  | { kind: 'emptyData' }
  /** Item `item` (default: every item) one dimension short. */
  | { kind: 'wrongDimension'; item?: number }
  /** One value of item `item` (default 0) sent as `value` (default the string "NaN"). */
  | { kind: 'nonFinite'; item?: number; value?: null | string | number }
  /** A normal answer without the `usage` field. */
  | { kind: 'noUsage' }
  /** A normal answer in JSON numbers whatever `encoding_format` asked (a server that ignores it). */
  | { kind: 'floats' }

/** One request the fake chat server received. */
export interface RecordedChatRequest {
  /** 1-based arrival number. */
  number: number
  method: string
  path: string
  /** Lower-cased header names. `authorization` is replaced by `sha256:<first 16 hex>` of its value. */
  headers: Record<string, string>
  /** `Date.now()` at arrival. */
  arrivedAt: number
  /** The parsed JSON body (undefined when it did not parse). */
  body: unknown
  /** `body.messages` when it is an array, else empty. */
  messages: Array<{ role?: unknown; content?: unknown }>
  /** The reply applied, or `rejected` (bad request) / `unauthorized`. */
  outcome: string
  /** HTTP status sent (undefined for hangs). */
  status?: number
}

import { redactSecrets } from '../text/redactSecrets.js'
import { MemoryError } from './MemoryError.js'

/** What an embedder knows about a failure, carried by `EmbeddingError`. */
export interface EmbeddingErrorDetails {
  retryable: boolean
  /** HTTP status when the failure came from an HTTP response. */
  status?: number
  /** A short, redacted excerpt of the response body. */
  bodyExcerpt?: string
  cause?: unknown
}

/** The embedder could not produce vectors (HTTP failure, timeout, malformed response). */
export class EmbeddingError extends MemoryError {
  readonly status: number | undefined
  readonly bodyExcerpt: string | undefined
  constructor(message: string, details: EmbeddingErrorDetails) {
    super('embedding', message, { retryable: details.retryable, cause: details.cause })
    this.name = 'EmbeddingError'
    this.status = details.status
    // Response bodies echo requests (an API key in an error body is common): redact here, not in callers.
    this.bodyExcerpt = details.bodyExcerpt === undefined ? undefined : redactSecrets(details.bodyExcerpt)
  }
  /** Whether `error` is an `EmbeddingError`, from this copy of the package or another (compares the reason, not the class). */
  static override isInstance(error: unknown): error is EmbeddingError {
    return MemoryError.isInstance(error) && error.reason === 'embedding'
  }
}

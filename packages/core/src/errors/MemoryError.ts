import { redactSecrets } from '../text/redactSecrets.js'

const MARKER = Symbol.for('agent-memory.error')

/** The small vocabulary of failure reasons. */
export type MemoryErrorReason =
  | 'invalid_argument'
  | 'validation'
  | 'embedding'
  | 'dimension_mismatch'
  | 'store'
  | 'locked'

export interface MemoryErrorOptions {
  cause?: unknown
  retryable?: boolean
}

/**
 * Base of every error agent-memory throws. Messages pass through `redactSecrets`, so an API key
 * or a password in a URL never reaches a log or a model through one. Use `MemoryError.isInstance`
 * (not `instanceof`): it works across duplicate installs of the package.
 */
export class MemoryError extends Error {
  readonly [MARKER] = true
  readonly reason: MemoryErrorReason
  /** Whether the same call may succeed if tried again later. */
  readonly retryable: boolean

  constructor(reason: MemoryErrorReason, message: string, options: MemoryErrorOptions = {}) {
    super(redactSecrets(message), options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'MemoryError'
    this.reason = reason
    this.retryable = options.retryable ?? false
  }

  /** Whether `error` is any agent-memory error, from this copy of the package or another (a marker, not `instanceof`, so two installed copies agree). */
  static isInstance(error: unknown): error is MemoryError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true
  }
}

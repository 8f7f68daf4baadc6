import { MemoryError } from './MemoryError.js'

/**
 * Why a store call failed; decides `retryable`. `closed`: the store was closed by its owner, so no
 * retry on it can succeed (a new store must be opened).
 */
export type StoreErrorKind = 'connection' | 'timeout' | 'serialization' | 'constraint' | 'closed' | 'unknown'

const RETRYABLE: Record<StoreErrorKind, boolean> = {
  connection: true,
  timeout: true,
  serialization: true,
  constraint: false,
  closed: false,
  unknown: false,
}

/** The database failed. Never carries query parameters or connection passwords. */
export class StoreError extends MemoryError {
  readonly kind: StoreErrorKind
  /** SQLSTATE when the database gave one. */
  readonly code: string | undefined
  constructor(kind: StoreErrorKind, message: string, options: { code?: string; cause?: unknown } = {}) {
    super('store', message, { retryable: RETRYABLE[kind], cause: options.cause })
    this.name = 'StoreError'
    this.kind = kind
    this.code = options.code
  }
  static override isInstance(error: unknown): error is StoreError {
    return MemoryError.isInstance(error) && error.reason === 'store'
  }
}

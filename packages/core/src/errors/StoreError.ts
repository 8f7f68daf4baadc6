import { redactSecrets } from '../text/redactSecrets.js'
import { MemoryError } from './MemoryError.js'

/**
 * Why a store call failed; decides `retryable`. `permission`: a privilege, a login or a file
 * permission is missing; `resources`: the server is out of disk or memory; `configuration`: the
 * database, schema or tables are not what the store expects (missing, or someone else's);
 * `closed`: the store was closed by its owner, so no retry on it can succeed (a new store must be
 * opened).
 */
export type StoreErrorKind =
  | 'connection'
  | 'timeout'
  | 'serialization'
  | 'constraint'
  | 'permission'
  | 'resources'
  | 'configuration'
  | 'closed'
  | 'unknown'

const RETRYABLE: Record<StoreErrorKind, boolean> = {
  connection: true,
  timeout: true,
  serialization: true,
  constraint: false,
  permission: false,
  resources: false,
  configuration: false,
  closed: false,
  unknown: false,
}

/** The driver details a `StoreError` keeps beside its message. */
export interface StoreErrorOptions {
  code?: string
  cause?: unknown
  /**
   * What the database or the file system said, for diagnostics (the CLI's `--debug`). Only
   * texts that name objects (tables, users, files) are kept here, never ones quoting values.
   */
  detail?: string
}

/** The database failed. Never carries query parameters or connection passwords. */
export class StoreError extends MemoryError {
  readonly kind: StoreErrorKind
  /** SQLSTATE (or a file system code such as EACCES) when there was one. */
  readonly code: string | undefined
  readonly detail: string | undefined
  constructor(kind: StoreErrorKind, message: string, options: StoreErrorOptions = {}) {
    super('store', message, { retryable: RETRYABLE[kind], cause: options.cause })
    this.name = 'StoreError'
    this.kind = kind
    this.code = options.code
    this.detail = options.detail === undefined ? undefined : redactSecrets(options.detail)
  }
  /** Whether `error` is a `StoreError`, from this copy of the package or another (compares the reason, not the class). */
  static override isInstance(error: unknown): error is StoreError {
    return MemoryError.isInstance(error) && error.reason === 'store'
  }
}

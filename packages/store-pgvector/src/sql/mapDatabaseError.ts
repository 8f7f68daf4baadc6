import { MemoryError, StoreError, type StoreErrorKind } from '@agent-memory/core'

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
])

function kindOf(code: string | undefined, message: string): StoreErrorKind {
  if (code !== undefined) {
    if (code === '57014') return 'timeout'
    if (code === '40001' || code === '40P01') return 'serialization'
    if (code.startsWith('23')) return 'constraint'
    if (code.startsWith('08') || CONNECTION_CODES.has(code)) return 'connection'
  }
  if (
    /connection terminated|not queryable|connection error|timeout exceeded when trying to connect/i.test(
      message,
    )
  ) {
    return 'connection'
  }
  return 'unknown'
}

const DESCRIPTIONS: Record<StoreErrorKind, string> = {
  connection: 'the database connection failed',
  timeout: 'the database statement timed out or was cancelled',
  serialization: 'the database transaction conflicted with another one',
  constraint: 'the database refused the write (constraint violation)',
  closed: 'the store is closed',
  unknown: 'the database query failed',
}

/**
 * Turns a driver error into a `StoreError`. Only the SQLSTATE and, for constraints, the
 * constraint name survive: driver messages and details can quote parameter values (and
 * PGlite attaches the query and its parameters), so none of them are copied or chained.
 */
export function mapDatabaseError(error: unknown): MemoryError {
  if (MemoryError.isInstance(error)) return error
  const raw = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown
    message?: unknown
    constraint?: unknown
  }
  const code = typeof raw.code === 'string' && /^[A-Z0-9_]{1,24}$/.test(raw.code) ? raw.code : undefined
  const message = typeof raw.message === 'string' ? raw.message : ''
  const kind = kindOf(code, message)
  const constraint =
    kind === 'constraint' && typeof raw.constraint === 'string' && /^[a-z0-9_]{1,63}$/.test(raw.constraint)
      ? ` on ${raw.constraint}`
      : ''
  const suffix = code === undefined ? '' : ` (${/^[A-Z0-9]{5}$/.test(code) ? 'SQLSTATE ' : ''}${code})`
  return new StoreError(
    kind,
    `${DESCRIPTIONS[kind]}${constraint}${suffix}`,
    code === undefined ? {} : { code },
  )
}

import { describe, expect, it } from 'vitest'
import { DimensionMismatchError } from './DimensionMismatchError.js'
import { EmbeddingError } from './EmbeddingError.js'
import { InvalidArgumentError } from './InvalidArgumentError.js'
import { LockedError } from './LockedError.js'
import { MemoryError } from './MemoryError.js'
import { StoreError } from './StoreError.js'
import { ValidationError } from './ValidationError.js'

const SECRET_KEY = ['sk-', 'or-v1-', 'abcdef0123456789abcdef'].join('')

/** What an error from a second install of the package looks like to this one: same marker, other class. */
function fromSecondCopy(reason: string, extra: Record<string, unknown> = {}): unknown {
  const error = new Error('from another copy') as Error & Record<PropertyKey, unknown>
  error[Symbol.for('agent-memory.error')] = true
  error.reason = reason
  Object.assign(error, extra)
  return error
}

describe('MemoryError and its kinds', () => {
  it('recognises its own instances by kind, and only by kind', () => {
    const errors = [
      new InvalidArgumentError('limit', 'limit must be between 1 and 10'),
      new ValidationError(['query is required']),
      new EmbeddingError('embedding call failed: 503', { retryable: true, status: 503 }),
      new DimensionMismatchError({ model: 'a', dimensions: 1536 }, { model: 'b', dimensions: 256 }),
      new StoreError('connection', 'connection refused'),
      new LockedError('/data', 'pid 42'),
    ]
    const guards = [
      InvalidArgumentError.isInstance,
      ValidationError.isInstance,
      EmbeddingError.isInstance,
      DimensionMismatchError.isInstance,
      StoreError.isInstance,
      LockedError.isInstance,
    ]
    for (const [i, error] of errors.entries()) {
      expect(MemoryError.isInstance(error)).toBe(true)
      expect(error).toBeInstanceOf(Error)
      for (const [j, guard] of guards.entries()) expect(guard(error)).toBe(i === j)
    }
  })

  it('recognises an error from a duplicate install through the Symbol.for marker', () => {
    expect(MemoryError.isInstance(fromSecondCopy('store'))).toBe(true)
    expect(StoreError.isInstance(fromSecondCopy('store', { kind: 'timeout' }))).toBe(true)
    expect(EmbeddingError.isInstance(fromSecondCopy('embedding'))).toBe(true)
    expect(EmbeddingError.isInstance(fromSecondCopy('store'))).toBe(false)
    expect(fromSecondCopy('store') instanceof MemoryError).toBe(false)
  })

  it('does not recognise look-alikes without the marker', () => {
    for (const value of [
      new Error('x'),
      { reason: 'store' },
      null,
      undefined,
      'store',
      42,
      { [Symbol('agent-memory.error')]: true },
    ]) {
      expect(MemoryError.isInstance(value)).toBe(false)
      expect(StoreError.isInstance(value)).toBe(false)
    }
  })

  it('marks what may succeed on retry', () => {
    expect(new StoreError('connection', 'x').retryable).toBe(true)
    expect(new StoreError('timeout', 'x').retryable).toBe(true)
    expect(new StoreError('serialization', 'x').retryable).toBe(true)
    expect(new StoreError('constraint', 'x').retryable).toBe(false)
    expect(new StoreError('unknown', 'x').retryable).toBe(false)
    expect(new EmbeddingError('429', { retryable: true, status: 429 }).retryable).toBe(true)
    expect(new EmbeddingError('401', { retryable: false, status: 401 }).retryable).toBe(false)
    expect(new InvalidArgumentError('a', 'b').retryable).toBe(false)
    expect(new ValidationError(['x']).retryable).toBe(false)
    expect(new DimensionMismatchError({ dimensions: 3 }, { dimensions: 4 }).retryable).toBe(false)
    expect(new LockedError('/d', 'pid 1').retryable).toBe(false)
  })

  it('never carries a secret in its message, issues or body excerpt', () => {
    const store = new StoreError('connection', 'cannot reach postgres://app:hunter2@db:5432/mem')
    expect(store.message).toBe('cannot reach postgres://app:[REDACTED]@db:5432/mem')
    const embedding = new EmbeddingError(`401 for key ${SECRET_KEY}`, {
      retryable: false,
      status: 401,
      bodyExcerpt: `{"error":"invalid key ${SECRET_KEY}"}`,
    })
    expect(embedding.message).not.toContain(SECRET_KEY)
    expect(embedding.bodyExcerpt).toBe('{"error":"invalid key [REDACTED]"}')
    const validation = new ValidationError([`query must not be ${SECRET_KEY}`])
    expect(validation.message).not.toContain(SECRET_KEY)
    expect(validation.issues.join(' ')).not.toContain(SECRET_KEY)
    expect(String(new InvalidArgumentError('token', `token=${SECRET_KEY}`))).not.toContain(SECRET_KEY)
  })

  it('carries names, details and cause', () => {
    const cause = new Error('ECONNREFUSED')
    const error = new StoreError('connection', 'down', { code: '08006', cause })
    expect(error.name).toBe('StoreError')
    expect(error.code).toBe('08006')
    expect(error.kind).toBe('connection')
    expect(error.cause).toBe(cause)
    const mismatch = new DimensionMismatchError({ model: 'm1', dimensions: 1536 }, { dimensions: 256 })
    expect(mismatch.message).toBe(
      'embedder mismatch: the store records m1 (1536 dimensions) but was given 256 dimensions; ' +
        're-embed with `agent-memory reembed` (or reembed() from code) to switch models',
    )
    expect(new ValidationError(['a is required', 'b must be a string, got number']).message).toBe(
      'a is required; b must be a string, got number',
    )
    expect(new InvalidArgumentError('limit', 'x').argument).toBe('limit')
    expect(new LockedError('/data', 'pid 7').message).toContain('/data is in use by pid 7')
  })
})

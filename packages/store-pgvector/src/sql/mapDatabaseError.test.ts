import { InvalidArgumentError, StoreError } from '@agent-memory/core'
import { describe, expect, it } from 'vitest'
import { mapDatabaseError } from './mapDatabaseError.js'

const pgError = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message ?? 'x')), fields)

describe('mapDatabaseError', () => {
  it('maps SQLSTATEs and socket codes to kinds', () => {
    const kind = (fields: Record<string, unknown>) => (mapDatabaseError(pgError(fields)) as StoreError).kind
    expect(kind({ code: '57014' })).toBe('timeout')
    expect(kind({ code: '40001' })).toBe('serialization')
    expect(kind({ code: '40P01' })).toBe('serialization')
    expect(kind({ code: '23505', constraint: 'memories_pkey' })).toBe('constraint')
    expect(kind({ code: '57P01' })).toBe('connection')
    expect(kind({ code: '08006' })).toBe('connection')
    expect(kind({ code: 'ECONNREFUSED' })).toBe('connection')
    expect(kind({ message: 'Connection terminated unexpectedly' })).toBe('connection')
    expect(kind({ code: '42P01' })).toBe('unknown')
  })

  it('keeps values, queries and passwords out of the message and drops the cause', () => {
    const mapped = mapDatabaseError(
      pgError({
        code: '22P02',
        message: 'invalid input syntax for type uuid: "my-secret-value"',
        detail: 'Key (id)=(my-secret-value) already exists.',
        query: 'SELECT * FROM x WHERE password = $1',
        params: ['hunter2'],
      }),
    )
    expect(StoreError.isInstance(mapped)).toBe(true)
    expect(mapped.message).toBe('the database query failed (SQLSTATE 22P02)')
    expect(mapped.cause).toBeUndefined()
    const constraint = mapDatabaseError(
      pgError({ code: '23505', constraint: 'memories_pkey', detail: 'Key (id)=(v)' }),
    )
    expect(constraint.message).toBe(
      'the database refused the write (constraint violation) on memories_pkey (SQLSTATE 23505)',
    )
  })

  it('passes agent-memory errors through unchanged', () => {
    const original = new InvalidArgumentError('x', 'bad x')
    expect(mapDatabaseError(original)).toBe(original)
  })
})

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
    // The failures a caller may simply repeat say so in their sentence, not only in `retryable`.
    for (const code of ['08006', '57014', '40001']) {
      const retryable = mapDatabaseError(pgError({ code })) as StoreError
      expect(retryable.retryable).toBe(true)
      expect(retryable.message).toMatch(/\(retryable: make the same call again/)
    }
    expect(mapped.cause).toBeUndefined()
    const constraint = mapDatabaseError(
      pgError({ code: '23505', constraint: 'memories_pkey', detail: 'Key (id)=(v)' }),
    )
    expect(constraint.message).toBe(
      'the database refused the write (constraint violation) on memories_pkey (SQLSTATE 23505)',
    )
  })

  it('turns setup errors into one sentence saying what is wrong and what to do, with the server text as detail', () => {
    const mapped = (fields: Record<string, unknown>) => mapDatabaseError(pgError(fields)) as StoreError
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [
        { code: '42501', message: 'permission denied for table memories' },
        'permission',
        /^the database user lacks a privilege on table memories that agent-memory needs: grant it/,
      ],
      [
        { code: '42501', message: 'permission denied for schema public' },
        'permission',
        /^the database user may not create or use objects in schema public: GRANT USAGE, CREATE ON SCHEMA public .*--schema/,
      ],
      [
        { code: '53100', message: 'could not extend file "base/16384/16385": No space left on device' },
        'resources',
        /^the database server is out of disk space: free space/,
      ],
      [
        { code: '3D000', message: 'database "mem_prod" does not exist' },
        'configuration',
        /^the database "mem_prod" does not exist: create it \(createdb mem_prod\) or fix the database name/,
      ],
      [
        { code: '28P01', message: 'password authentication failed for user "app"' },
        'permission',
        /^the database refused the login of user "app" \(wrong password\): check the user name and password/,
      ],
      [
        { code: '28000', message: 'role "nobody" does not exist' },
        'permission',
        /^the database role "nobody" does not exist: fix the user name/,
      ],
      [
        { code: '28000', message: 'no pg_hba.conf entry for host "10.0.0.1", user "app", database "x"' },
        'permission',
        /pg_hba\.conf/,
      ],
      [
        { code: '42P07', message: 'relation "memories" already exists' },
        'configuration',
        /^a table or index named memories already exists and is not agent-memory's: .*schema option \(--schema on the CLI\)/,
      ],
    ]
    for (const [fields, kind, sentence] of cases) {
      const error = mapped(fields)
      expect(error.kind).toBe(kind)
      expect(error.message).toMatch(sentence)
      expect(error.message).not.toMatch(/\n|SQLSTATE/)
      expect(error.retryable).toBe(false)
      expect(error.code).toBe(fields.code)
      expect(error.detail).toBe(`SQLSTATE ${fields.code}: ${fields.message}`)
    }
  })

  it('passes agent-memory errors through unchanged', () => {
    const original = new InvalidArgumentError('x', 'bad x')
    expect(mapDatabaseError(original)).toBe(original)
  })
})

import { InvalidArgumentError } from '@agent-memory/core'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { createPgVectorStore } from './createPgVectorStore.js'

// Nothing here connects: each case is refused before the first statement.
describe('createPgVectorStore refuses bad connection options', () => {
  it('needs exactly one of pool, db or connectionString', async () => {
    const refused = await createPgVectorStore({ dimensions: 4 }).catch((error: unknown) => error)
    expect(InvalidArgumentError.isInstance(refused)).toBe(true)
    expect((refused as Error).message).toMatch(/exactly one of pool, db or connectionString/)
  })

  it('refuses two read replicas and leaves the caller’s pool as it found it', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: 1 })
    const readPool = new pg.Pool({ host: '127.0.0.1', port: 1 })
    const listeners = () => [pool.listenerCount('error'), pool.listenerCount('connect')]
    const before = listeners()
    const refused = await createPgVectorStore({
      pool,
      dimensions: 4,
      readPool,
      readConnectionString: 'postgres://127.0.0.1:1/replica',
    }).catch((error: unknown) => error)
    expect(InvalidArgumentError.isInstance(refused)).toBe(true)
    expect((refused as Error).message).toMatch(/at most one of readPool or readConnectionString/)
    expect(listeners()).toEqual(before)
    await Promise.all([pool.end(), readPool.end()])
  })
})

import { MemoryError, StoreError } from '@agent-memory/core'
import { axisVector } from '@agent-memory/testkit'
import { describe, expect, it } from 'vitest'
import { createTestDatabase, requirePostgres } from './__fixtures__/postgresTestDatabase.js'
import { createPgVectorStore, openEmbeddedStore, type PgVectorStore } from './index.js'

const dims = 4

/** Every kind of call on a closed store fails the same way: not retryable, since no retry can succeed. */
async function expectClosedRefusals(store: PgVectorStore): Promise<void> {
  await store.upsert('u1', [{ id: 'm1', tier: 'semantic', content: 'x', fingerprint: 'f', embedding: null }])
  await store.close()
  await store.close() // idempotent
  const calls: Array<() => Promise<unknown>> = [
    () => store.get('u1', 'm1'),
    () => store.list('u1'),
    () =>
      store.upsert('u1', [{ id: 'm2', tier: 'semantic', content: 'y', fingerprint: 'g', embedding: null }]),
    () => store.searchVector('u1', axisVector(dims, 0), { limit: 5 }),
    () => store.searchText('u1', 'x', { limit: 5 }),
  ]
  for (const call of calls) {
    const error = await call().then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(StoreError.isInstance(error), String(error)).toBe(true)
    const storeError = error as StoreError
    expect(storeError.kind).toBe('closed')
    expect(storeError.retryable).toBe(false)
    expect(MemoryError.isInstance(error) && error.message).toBe('the store is closed')
  }
}

describe('a closed store (PGlite)', { timeout: 300_000 }, () => {
  it('refuses every call with a non-retryable StoreError', async () => {
    await expectClosedRefusals(
      await openEmbeddedStore({ dataDir: 'memory://', model: 'm', dimensions: dims }),
    )
  })
})

if (requirePostgres('a closed store (PostgreSQL)')) {
  describe('a closed store (PostgreSQL)', { timeout: 300_000 }, () => {
    it('refuses every call with a non-retryable StoreError', async () => {
      const database = await createTestDatabase('closed')
      try {
        await expectClosedRefusals(
          await createPgVectorStore({
            connectionString: database.url,
            model: 'm',
            dimensions: dims,
            migrate: true,
          }),
        )
      } finally {
        await database.drop()
      }
    })
  })
}

import type pg from 'pg'
import { createPgVectorStore, migrate, type PgVectorStore } from '../index.js'
import { createTestDatabase, testPool } from './postgresTestDatabase.js'

/**
 * A migrated scratch database and a store on it, for tests that drive the public store on real
 * PostgreSQL; `close` closes the store, ends the pool and drops the database.
 */
export async function postgresTestStore(
  prefix: string,
  options: { dimensions: number; connections: number },
): Promise<{ store: PgVectorStore; pool: pg.Pool; close(): Promise<void> }> {
  const database = await createTestDatabase(prefix)
  const pool = testPool(database.url, options.connections)
  await migrate(pool, { dimensions: options.dimensions })
  const store = await createPgVectorStore({ pool, dimensions: options.dimensions })
  return {
    store,
    pool,
    close: async () => {
      await store.close()
      await pool.end()
      await database.drop()
    },
  }
}

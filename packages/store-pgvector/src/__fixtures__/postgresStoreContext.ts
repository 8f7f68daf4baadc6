import type pg from 'pg'
import { migrate } from '../index.js'
import { toExecutor } from '../sql/toExecutor.js'
import { createStoreContext } from '../store/context/createStoreContext.js'
import type { StoreContext } from '../store/context/StoreContext.js'
import { createTestDatabase, testPool } from './postgresTestDatabase.js'

/**
 * A migrated scratch database (no HNSW) and a store context on it, with namespace counts never
 * cached, for tests that drive the store's internals on real PostgreSQL; `close` drops it all.
 */
export async function postgresStoreContext(
  prefix: string,
  options: { dimensions: number; connections: number; statementTimeoutMs: number },
): Promise<{ context: StoreContext; pool: pg.Pool; close(): Promise<void> }> {
  const database = await createTestDatabase(prefix)
  const pool = testPool(database.url, options.connections)
  await migrate(pool, { dimensions: options.dimensions, annIndex: false })
  const context = createStoreContext(toExecutor(pool, { statementTimeoutMs: options.statementTimeoutMs }), {
    dimensions: options.dimensions,
    namespaceCountTtlMs: 0,
  })
  return {
    context,
    pool,
    close: async () => {
      await pool.end()
      await database.drop()
    },
  }
}

import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { describeServiceScenarios } from '@agent-memory/testkit'
import { createTestDatabase, requirePostgres, testPool } from '../__fixtures__/postgresTestDatabase.js'
import { createPgVectorStore, migrate } from '../index.js'

if (requirePostgres('Memory service scenarios: PgVectorStore on PostgreSQL')) {
  describeServiceScenarios(
    'PgVectorStore on PostgreSQL',
    async (embedder) => {
      // A database of its own, so parallel test files never see each other's rows.
      const database = await createTestDatabase('service')
      const pool = testPool(database.url, 4)
      try {
        await migrate(pool, { dimensions: embedder.dimensions })
        const store = await createPgVectorStore({ pool, ...embedder })
        return {
          store,
          cleanup: async () => {
            await store.close()
            await pool.end()
            await database.drop()
          },
        }
      } catch (error) {
        await pool.end()
        await database.drop()
        throw error
      }
    },
    { createEmbedder: () => createHashingEmbedder({ dimensions: 512 }) },
  )
}

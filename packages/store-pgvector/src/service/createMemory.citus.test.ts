import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { describeServiceScenarios, requireCitus } from '@agent-memory/testkit'
import { createCitusTestSchema } from '../__fixtures__/citusTestDatabase.js'
import { testPool } from '../__fixtures__/postgresTestDatabase.js'
import { createPgVectorStore, migrate } from '../index.js'

if (requireCitus('Memory service scenarios: PgVectorStore on Citus')) {
  describeServiceScenarios(
    'PgVectorStore on Citus, distributed by namespace',
    async (embedder) => {
      // A schema of its own on the cluster, so parallel test files never see each other's rows.
      const { url, schema, drop } = await createCitusTestSchema('service')
      const pool = testPool(url, 4)
      try {
        await migrate(pool, { dimensions: embedder.dimensions, schema, distribute: 'citus' })
        const store = await createPgVectorStore({ pool, schema, distribute: 'citus', ...embedder })
        return {
          store,
          cleanup: async () => {
            await store.close()
            await pool.end()
            await drop()
          },
        }
      } catch (error) {
        await pool.end()
        await drop()
        throw error
      }
    },
    {
      createEmbedder: () => createHashingEmbedder({ dimensions: 512 }),
      idsUniquePerNamespace: true,
      timeoutMs: 60_000,
    },
  )
}

import { describeStoreContract, requireCitus, type StoreContractFactory } from '@agent-memory/testkit'
import { createCitusTestSchema } from './__fixtures__/citusTestDatabase.js'
import { testPool } from './__fixtures__/postgresTestDatabase.js'
import { createPgVectorStore, migrate } from './index.js'

/** A store distributed by namespace on the Citus cluster, in a schema of its own. */
const citusFactory: StoreContractFactory = async (embedder) => {
  const { url, schema, drop } = await createCitusTestSchema('contract')
  const pool = testPool(url, 8)
  await migrate(pool, { dimensions: embedder.dimensions, schema, distribute: 'citus' })
  const store = await createPgVectorStore({ pool, schema, distribute: 'citus', ...embedder })
  return {
    store,
    reopen: (other) => createPgVectorStore({ pool, schema, distribute: 'citus', ...other, migrate: true }),
    cleanup: async () => {
      await store.close()
      await pool.end()
      await drop()
    },
  }
}

if (requireCitus('Store contract: PgVectorStore on Citus')) {
  describeStoreContract('PgVectorStore on Citus, distributed by namespace', citusFactory, {
    idsUniquePerNamespace: true,
    timeoutMs: 120_000,
  })
}

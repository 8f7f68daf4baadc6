import { describeStoreContract, type StoreContractFactory } from '@agent-memory/testkit'
import { createTestDatabase, requirePostgres, testPool } from './__fixtures__/postgresTestDatabase.js'
import { createPgVectorStore, migrate } from './index.js'

function postgresFactory(annIndexDuringLoad: boolean): StoreContractFactory {
  return async (embedder) => {
    const database = await createTestDatabase('contract')
    const pool = testPool(database.url, 8)
    await migrate(pool, { dimensions: embedder.dimensions, annIndex: annIndexDuringLoad })
    const store = await createPgVectorStore({ pool, ...embedder })
    return {
      store,
      reopen: (other) => createPgVectorStore({ pool, ...other, migrate: true }),
      migrateAgain: () => migrate(pool, { dimensions: embedder.dimensions }),
      cleanup: async () => {
        await store.close()
        await pool.end()
        await database.drop()
      },
    }
  }
}

if (requirePostgres('Store contract: PgVectorStore on PostgreSQL')) {
  describeStoreContract('PgVectorStore on PostgreSQL', postgresFactory(true), {
    completeness: {
      // Load without the HNSW index, then build it (pgvector: "create indexes after loading").
      // 20,000 rows exceed the default exactSearchMaxRows (10,000): that namespace is served by
      // HNSW with iterative scan and must still return full answers with high recall.
      factory: postgresFactory(false),
      afterLoad: async (handle) => {
        await (handle as unknown as { migrateAgain: () => Promise<void> }).migrateAgain()
      },
      exactUpTo: 10_000,
      minRecall: 0.9,
    },
  })
}

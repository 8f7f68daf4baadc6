import { describeStoreContract, type StoreContractFactory } from '@agent-memory/testkit'
import { createTestDatabase, requirePostgres, testPool } from './__fixtures__/postgresTestDatabase.js'
import { createPgVectorStore, migrate, type PgVectorStore } from './index.js'

function postgresFactory(annIndexDuringLoad: boolean, partitions?: number): StoreContractFactory {
  return async (embedder) => {
    const database = await createTestDatabase('contract')
    const pool = testPool(database.url, 8)
    await migrate(pool, {
      dimensions: embedder.dimensions,
      annIndex: annIndexDuringLoad,
      ...(partitions === undefined ? {} : { partitions }),
    })
    const store = await createPgVectorStore({ pool, ...embedder })
    return {
      store,
      reopen: (other) => createPgVectorStore({ pool, ...other, migrate: true }),
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
      // Load without any HNSW index, then build what the sizes call for (pgvector: "create
      // indexes after loading"). 20,000 rows exceed the default exactSearchMaxRows (2,000): that
      // namespace gets its own partial HNSW index and must still return full answers with high recall.
      factory: postgresFactory(false),
      afterLoad: async (handle) => {
        const report = await (handle.store as PgVectorStore).maintainVectorIndexes()
        if (report.created.length !== 1) throw new Error(`expected one index, got ${JSON.stringify(report)}`)
      },
      exactUpTo: 500,
      minRecall: 0.9,
    },
  })

  // The same contract on tables hash-partitioned by namespace (`migrate({ partitions })`): every
  // statement of the store must work on them, the per-namespace index built on its partition.
  describeStoreContract('PgVectorStore on PostgreSQL, partitioned by namespace', postgresFactory(false, 4), {
    completeness: {
      factory: postgresFactory(false, 4),
      afterLoad: async (handle) => {
        const report = await (handle.store as PgVectorStore).maintainVectorIndexes()
        if (report.created.length !== 1) throw new Error(`expected one index, got ${JSON.stringify(report)}`)
      },
      exactUpTo: 500,
      minRecall: 0.9,
    },
  })
}

import { migrate } from '@agent-memory/store-pgvector'
import { measureLatencies } from '../harness/measureLatencies.js'
import { timeIt } from '../harness/timeIt.js'
import { openOursStore } from '../ours/openOursStore.js'
import { toMemoryWrites } from '../ours/toMemoryWrites.js'
import { upsertGrouped } from '../ours/upsertGrouped.js'
import type { RawRow } from '../pg/copyRowsBinary.js'
import { loggedPool } from '../pg/loggedPool.js'
import { settleTable } from '../pg/settleTable.js'
import type { MeasuredBackend } from './MeasuredBackend.js'

const BATCH = 5000

export interface BackendPlan {
  label: string
  /** A fresh, empty database of the bench's own. */
  url: string
  distribute?: 'citus'
  dimensions: number
  /** One user's bulk import, timed first (ids made distinct from the mix's). */
  bulkRows: readonly RawRow[]
  /** The skewed mix of users, loaded next, then indexed as the sizes call for, then searched. */
  mixRows: readonly RawRow[]
  queryNamespace(q: number): string
  queryVector(q: number): Float32Array
  queries: number
  warmup: number
  k: number
  /** Connections: the rebalance's searchers and writers share them afterwards. */
  connections: number
}

/** Migrates, times the two ingests and the searches of one backend; the store stays open for what follows. */
export async function measureBackend(plan: BackendPlan): Promise<MeasuredBackend> {
  const pool = loggedPool({
    connectionString: plan.url,
    max: plan.connections,
    options: '-c synchronous_commit=off',
  })
  try {
    const distribute = plan.distribute === undefined ? {} : { distribute: plan.distribute }
    await migrate(pool, { dimensions: plan.dimensions, annIndex: false, ...distribute })
    const store = await openOursStore(pool, { dimensions: plan.dimensions, ...distribute })
    const bulkWrites = toMemoryWrites(plan.bulkRows).map((write) => ({
      ...write,
      id: `b${write.id.slice(1)}`,
    }))
    const oneUser = await timeIt(() => upsertGrouped(store, plan.bulkRows, bulkWrites, BATCH))
    const allUsers = await timeIt(() =>
      upsertGrouped(store, plan.mixRows, toMemoryWrites(plan.mixRows), BATCH),
    )
    await store.maintainVectorIndexes()
    await settleTable(pool, 'memories')
    const measured = await measureLatencies(
      async (q) => {
        const hits = await store.searchVector(plan.queryNamespace(q), plan.queryVector(q), { limit: plan.k })
        return hits.map((hit) => Number(hit.memory.id.slice(1)))
      },
      { warmup: plan.warmup, iterations: plan.queries },
    )
    return {
      label: plan.label,
      pool,
      store,
      oneUserRowsPerSecond: (plan.bulkRows.length / oneUser.ms) * 1000,
      allUsersRowsPerSecond: (plan.mixRows.length / allUsers.ms) * 1000,
      latency: measured.latency,
      answers: measured.results,
      close: async () => {
        await store.close()
        await pool.end()
      },
    }
  } catch (error) {
    await pool.end().catch(() => undefined)
    throw error
  }
}

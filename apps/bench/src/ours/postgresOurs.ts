import { migrate, PGVECTOR_STORE_DEFAULTS, type PgVectorStore } from '@agent-memory/store-pgvector'
import type pg from 'pg'
import type { RawRow } from '../pg/copyRowsBinary.js'
import { createScratchDatabase, type ScratchDatabase } from '../pg/createScratchDatabase.js'
import { loggedPool } from '../pg/loggedPool.js'
import { settleTable } from '../pg/settleTable.js'
import type { OursIngest } from '../workloads/OursIngest.js'
import type { OursSearchFactory, OursSearchTarget } from '../workloads/OursSearchTarget.js'
import { openOursStore } from './openOursStore.js'
import { toMemoryWrites } from './toMemoryWrites.js'
import { upsertGrouped } from './upsertGrouped.js'

const BATCH = 5000

export interface PostgresOursOptions {
  databaseUrl: string
  dimensions: number
  /** Passed to the store (namespaces above it use HNSW). Undefined: the store's default. */
  exactSearchMaxRows?: number
  label?: string
}

interface Opened {
  db: ScratchDatabase
  pool: pg.Pool
  store: PgVectorStore
  /** The search targets' second view of the same database: a store whose recall guard is off. */
  unguarded?: PgVectorStore
}

async function open(options: PostgresOursOptions, name: string, annIndex: boolean): Promise<Opened> {
  const db = await createScratchDatabase(options.databaseUrl, `agent_memory_bench_${process.pid}_${name}`)
  // Same session settings as the raw baselines' pool; maintenance memory lets HNSW build in RAM.
  const pool = loggedPool({
    connectionString: db.url,
    max: 4,
    options: '-c synchronous_commit=off -c maintenance_work_mem=2GB',
  })
  await migrate(pool, { dimensions: options.dimensions, annIndex })
  return { db, pool, store: await openStore(options, pool) }
}

function openStore(
  options: PostgresOursOptions,
  pool: pg.Pool,
  overrides: { recallSampleRate?: number } = {},
): Promise<PgVectorStore> {
  return openOursStore(pool, {
    dimensions: options.dimensions,
    ...(options.exactSearchMaxRows === undefined ? {} : { exactSearchMaxRows: options.exactSearchMaxRows }),
    ...overrides,
  })
}

async function close(opened: Opened | undefined): Promise<void> {
  if (!opened) return
  await opened.store.close()
  await opened.unguarded?.close()
  await opened.pool.end()
  await opened.db.drop()
}

/** W1: our store's bulk path (upsert batches of 5,000 → binary COPY into a stage table), no vector index. */
export function postgresOursIngest(options: PostgresOursOptions): OursIngest {
  let opened: Opened | undefined
  return {
    label: `agent-memory store.upsert (batches of ${BATCH})`,
    prepare: async () => {
      await close(opened)
      opened = await open(options, 'w1', false)
    },
    run: async (rows) => {
      if (!opened) throw new Error('prepare() first')
      await upsertGrouped(opened.store, rows, toMemoryWrites(rows), BATCH)
    },
    close: async () => {
      await close(opened)
      opened = undefined
    },
  }
}

/** W2/W3: our store loaded without any index, then `maintainVectorIndexes` builds the per-namespace HNSW the sizes call for (as a bulk import should). */
export function postgresOursSearch(options: PostgresOursOptions): OursSearchFactory {
  return async (name) => {
    let opened: Opened | undefined
    let calibrated = 'none built'
    const target: OursSearchTarget = {
      label: options.label ?? 'agent-memory (Postgres)',
      load: async (rows: readonly RawRow[]) => {
        opened = await open(options, name, false)
        await upsertGrouped(opened.store, rows, toMemoryWrites(rows), BATCH)
        const report = await opened.store.maintainVectorIndexes()
        await settleTable(opened.pool, 'memories')
        opened.unguarded = await openStore(options, opened.pool, { recallSampleRate: 0 })
        const built = report.created.filter((change) => change.table === 'memories')
        if (built.length > 0)
          calibrated = built
            .slice(0, 5)
            .map(
              (change) =>
                `${change.rows.toLocaleString('en-US')} rows → ${change.efSearch ?? '128 (uncalibrated)'}${change.graph === undefined ? '' : ` on m ${change.graph.m} / ef_construction ${change.graph.efConstruction}`}`,
            )
            .join(', ')
            .concat(built.length > 5 ? ` (+${built.length - 5} more)` : '')
      },
      search: async (namespace, query, k, searchOptions) => {
        const store = searchOptions?.recallGuard === false ? opened!.unguarded! : opened!.store
        const hits = await store.searchVector(namespace, query, { limit: k })
        return hits.map((hit) => Number(hit.memory.id.slice(1)))
      },
      settings: () => ({
        exactSearchMaxRows:
          options.exactSearchMaxRows ?? `${PGVECTOR_STORE_DEFAULTS.exactSearchMaxRows} (default)`,
        'ANN ef_search': `max(calibrated per index, k), iterative_scan relaxed_order, per-namespace partial HNSW on the half-precision key, sparse (m 16, ef_construction 64) or, where the data is hard for it, dense (m 24, ef_construction 200); calibrated: ${calibrated}`,
        storage: 'PLAIN',
      }),
      close: () => close(opened),
    }
    return target
  }
}

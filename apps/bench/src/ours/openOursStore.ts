import { createPgVectorStore, type PgVectorStore } from '@agent-memory/store-pgvector'
import type pg from 'pg'

export interface OursStoreOptions {
  dimensions: number
  /** Passed to the store (namespaces above it use HNSW). Undefined: the store's default. */
  exactSearchMaxRows?: number
  /** `'citus'`: the store on a Citus coordinator, its tables distributed by namespace. */
  distribute?: 'citus'
  recallSampleRate?: number
}

/** Our store as every workload opens it on a migrated database: no index built in the background of a measurement. */
export function openOursStore(pool: pg.Pool, options: OursStoreOptions): Promise<PgVectorStore> {
  return createPgVectorStore({
    pool,
    dimensions: options.dimensions,
    model: 'bench/synthetic',
    // Indexes are built once after the load, never in the background of a measurement.
    autoIndex: false,
    ...(options.exactSearchMaxRows === undefined ? {} : { exactSearchMaxRows: options.exactSearchMaxRows }),
    ...(options.distribute === undefined ? {} : { distribute: options.distribute }),
    ...(options.recallSampleRate === undefined ? {} : { recallSampleRate: options.recallSampleRate }),
  })
}

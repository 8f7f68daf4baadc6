import type { Executor } from '../../sql/Executor.js'
import type { IndexUpkeep } from '../indexes/IndexUpkeep.js'
import type { KeywordIndex } from '../keyword/KeywordIndex.js'
import type { SharedKeywordIndex } from '../keyword/SharedKeywordIndex.js'
import type { VectorIndex } from '../vectors/VectorIndex.js'
import type { IndexFacts } from './IndexFacts.js'
import type { KeywordStats } from './KeywordStats.js'
import type { NamespaceSize } from './NamespaceSize.js'

/**
 * What every concern module of `PgVectorStore` shares: the executor, the resolved settings and
 * the two caches. Built once by `createStoreContext`; the modules only read the settings.
 */
export interface StoreContext {
  readonly executor: Executor
  /** The tables are distributed by namespace on Citus (`PgVectorStoreOptions.distribute`). */
  readonly distributed: boolean
  readonly dimensions: number
  /** The embedder's model id, recorded on first open and checked on every later one. */
  readonly model: string | undefined
  /** Namespaces with at most this many rows are searched exactly. */
  readonly exactSearchMaxRows: number
  /** Searches queue the upkeep of a namespace's HNSW index in the background (`scheduleIndexUpkeep`). */
  readonly autoIndex: boolean
  /** Share of ANN searches the recall guard re-runs exactly in the background. */
  readonly recallSampleRate: number
  /** The recall guard's share of the clock (`PgVectorStoreOptions.recallSampleBudget`). */
  readonly recallSampleBudget: number
  /** Background index builds and recall samples in flight. */
  readonly upkeep: IndexUpkeep
  /** Batches of at least this many rows go through binary COPY where the driver has it. */
  readonly bulkThreshold: number
  /** How long cached facts (`indexFacts`, `namespaceSizes`, `keywordStats`) are trusted, in ms. */
  readonly countTtlMs: number
  /** Per vector table, what every search of it plans on; index maintenance drops its entry. */
  readonly indexFacts: Map<'memories' | 'memory_chunks', IndexFacts>
  /** Counted sizes per `table:namespace`; writes that change a namespace's size drop its entry. */
  readonly namespaceSizes: Map<string, NamespaceSize>
  /** Counted BM25 corpus statistics per namespace (where they are not maintained on write); ranking tolerates them slightly stale. */
  readonly keywordStats: Map<string, KeywordStats>
  /**
   * Whether the keyword statistics tables (migration 0003) exist: read with the schema at open
   * (`checkStoreOnOpen`), else looked up on the first keyword search: a database not migrated since its upgrade keeps answering, with counted statistics.
   */
  keywordStatisticsTables?: boolean
  /** Write transactions per namespace since this store last queued a keyword-statistics fold (`countKeywordWrite`). */
  readonly keywordWrites: Map<string, number>
  /** Rows this store inserted per namespace, and when it next asks the planner about them (`checkNamespaceStatistics`). */
  readonly namespaceInserts: Map<string, { inserted: number; nextCheck: number }>
  /**
   * Per namespace, whether the keyword leg's last search read every match (`rememberKeywordReads`):
   * a pipelined recall then reads them beside the statistics, in the same round trip.
   */
  readonly keywordReadsEveryMatch: Map<string, boolean>
  /** The embedded store's in-process BM25 index; `undefined`: the keyword leg runs in SQL. */
  readonly keywordIndex: KeywordIndex | undefined
  /** On PostgreSQL, this process's BM25 index of its large namespaces; `undefined`: the keyword leg runs in SQL. */
  readonly sharedKeywordIndex: SharedKeywordIndex | undefined
  /** The embedded store's in-process vector index for memory vectors; `undefined`: SQL. */
  readonly vectorIndex: VectorIndex | undefined
}

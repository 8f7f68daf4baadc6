import type { WalOfDatabase } from '../../pg/WalOfDatabase.js'

/** One search measurement of a W12 side: latency, completeness and isolation over the same queries. */
export interface PeerSearchResult {
  label: string
  /** Memories of the searched user(s). */
  rowsPerUser: number
  /** Memories in the store at that point. */
  rowsInStore: number
  queries: number
  p50Ms: number
  p99Ms: number
  /** Queries answered with min(k, rows of the user) hits. */
  complete: number
  /** Hits that belong to another user. */
  violations: number
  /** Hits whose text is no memory the run wrote (counted apart). */
  unknownHits: number
  /** Round trips to PostgreSQL per search (`countPgStatements`: pipelined statements share one), background ones included (0 on PGlite). */
  statementsPerQuery: number
  /** The side's background work waited for after the warm-up, before the window (`PeerSide.settle`): its round trips and time. */
  settle: { roundTrips: number; ms: number }
}

/** What one search writes on average, over the write probe's searches. */
export interface WritesPerSearch {
  searches: number
  /**
   * WAL per search: the side's database's records and full-page images (`wal`) where
   * `pg_walinspect` could be used, else the whole server's (`serverWalBytes`).
   */
  walBytes: number
  /** WAL the whole server wrote meanwhile (`pg_current_wal_lsn()` before and after), per search. */
  serverWalBytes: number
  /** The side's database's WAL over the whole probe (not per search), by record kind; absent without `pg_walinspect`. */
  wal?: WalOfDatabase
  /** Vector length of the probe's store. */
  dimensions: number
  /** New row versions (inserts and updates) in the side's database, per search. */
  rowVersions: number
  /** Updated rows per search, and how many of them were HOT (no new index entries). */
  updates: number
  hotUpdates: number
  /** New row versions of a table named `memories` (ours; mem0's table has the name too), per search. */
  memoriesRowVersions: number
}

/** What a W12 child reports for its side. */
export interface PeerResult {
  side: string
  node: string
  describe: Record<string, string>
  soloIngest: { memories: number; ms: number; lastFoundByItsText: boolean }
  usersIngest: { memories: number; ms: number }
  search: PeerSearchResult[]
  locomo?: { conversations: number; questions: number; recallAny10: number; p50Ms: number; ingestMs: number }
  /** What the searches of the write probe wrote (`PeerPlan.writeProbe`; PostgreSQL sides). */
  writesPerSearch?: WritesPerSearch
  /** Network requests the guard refused (anything but 127.0.0.1), as `method host`. */
  refusedRequests: string[]
}

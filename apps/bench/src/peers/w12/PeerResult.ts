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
  /** Round trips to PostgreSQL (node-postgres `query` calls) per search, background ones included (0 on PGlite). */
  statementsPerQuery: number
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
  /** Network requests the guard refused (anything but 127.0.0.1), as `method host`. */
  refusedRequests: string[]
}

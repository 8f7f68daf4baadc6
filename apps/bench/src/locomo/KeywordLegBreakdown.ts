/** Where one backend's keyword-leg searches spent their time, measured in the timed run itself. */
export interface KeywordLegBreakdown {
  /** Statements the store sent per search, mean (on PostgreSQL BEGIN and COMMIT included). */
  statementsPerSearch: number
  /** p50 over searches of the time spent waiting on those statements (round trip + server). */
  inStatementsP50Ms: number
  /** p50 over searches of the rest: the store's JS (analysis, building statements, rows to memories). */
  outsideStatementsP50Ms: number
  /** A `SELECT 1` on the same connection, p50: what every statement pays before any work. */
  roundTripP50Ms: number
  /** Each kind of statement: how many per search (mean) and its p50 as the client waits for it. */
  statements: Array<{ kind: string; perSearch: number; p50Ms: number }>
}

import type { Memory, ScoredMemory, SearchOptions } from '@agent-memory/core'
import type { PipelinedRunner } from '../../../sql/PipelinedRunner.js'
import type { SqlRunner } from '../../../sql/SqlRunner.js'
import { checkIdfExponent } from '../../context/checkIdfExponent.js'
import { routed } from '../../context/routed.js'
import type { StoreContext } from '../../context/StoreContext.js'
import { fetchRanked } from '../../keyword/fetchRanked.js'
import { scheduleKeywordLoad } from '../../keyword/scheduleKeywordLoad.js'
import { BM25_K1, queryText } from '../../searchText.js'
import { bm25Idf } from '../keyword-statistics/bm25Idf.js'
import { keywordStatistics } from '../keyword-statistics/keywordStatistics.js'
import { searchScope } from '../scope/searchScope.js'
import { essentialTerms } from './essentialTerms.js'
import { fetchRankedLast } from './fetchRankedLast.js'
import { type MatchedRow, rankMatchedRows } from './rankMatchedRows.js'
import { rememberKeywordReads } from './rememberKeywordReads.js'
import { scoreKeywordRows, type WeightedTerm } from './scoreKeywordRows.js'

/** The first pass reads rows of the rarest terms until they hold this many times the limit. */
const FIRST_PASS_DEPTH = 2

/**
 * `Store.searchText`, the keyword leg: Okapi BM25 over the namespace — idf from each query
 * lexeme's document frequency (raised to `options.idfExponent`, default 1), length normalized by the namespace's mean distinct-lexeme count
 * (both maintained on write: `keywordStatistics`).
 * Hostile text never errors: a query without words, or whose words no document holds, finds nothing.
 *
 * Pruned, exactly (MaxScore): a first pass scores only the rows holding the rarest terms; its
 * `limit`-th score is a floor the answer's scores cannot be below, and a row holding none of the
 * first few terms scores at most the other terms' bounds (idf × (k1 + 1)) together. When those
 * first terms are within the first pass, its answer is the answer; otherwise a second pass scores
 * the rows holding any of them — the common words, which match most rows, never select rows by
 * themselves. A first pass whose rows are already a quarter of those any term selects is
 * skipped. Rows are scored by id and matched lexemes (`scoreKeywordRows`); only the winners' rows
 * are read (`fetchRanked`). `prune: false` scores every matching row and `counted: true` counts
 * the statistics instead of reading the maintained ones (the references the tests compare with).
 * `pipelined`: run on the caller's pipelined transaction (`searchLegsPipelined`, the legs side by
 * side), whose COMMIT then leaves with the winners' read; otherwise in a read transaction of its own.
 * Its `everyMatch`, every matching row read beside the statistics (`readEveryMatch`), is ranked
 * instead of any pass (the same answer: the passes prune only rows that cannot reach it). Whether
 * the passes would read every match is remembered per namespace (`rememberKeywordReads`).
 */
export async function searchKeyword(
  context: StoreContext,
  namespace: string,
  query: string,
  options: SearchOptions,
  { prune = true, counted = false }: { prune?: boolean; counted?: boolean } = {},
  pipelined?: {
    sql: PipelinedRunner
    everyMatch?: Promise<MatchedRow[]>
    known?: Promise<ReadonlyMap<string, Memory>>
  },
): Promise<ScoredMemory[]> {
  const scope = searchScope(context, namespace, options)
  const idfExponent = checkIdfExponent(options.idfExponent)
  const analysis = queryText(query)
  if (analysis === null) return []
  const inTransaction = <T>(work: (sql: SqlRunner) => Promise<T>): Promise<T> =>
    pipelined === undefined ? routed(context, 'read', scope.ns).transaction(work) : work(pipelined.sql)
  return inTransaction(async (sql) => {
    const statistics = await keywordStatistics(context, sql, scope.ns, analysis, { counted })
    // A large namespace is held in process from now on (loaded in the background).
    scheduleKeywordLoad(context, scope.ns, statistics.rows)
    if (statistics.terms.length === 0) return []
    // Best bound (highest idf: the rarest term) first.
    const terms: Array<WeightedTerm & { df: number }> = statistics.terms
      .map((term) => ({
        lexeme: term.lexeme,
        df: term.df,
        idf: bm25Idf(statistics.rows, term.df) ** idfExponent,
      }))
      .sort((a, b) => b.idf - a.idf)
    const all = terms.map((term) => term.lexeme)
    const rank = (candidates: string[]) =>
      scoreKeywordRows(sql, scope, terms, candidates, statistics.avgLength)
    let firstPass = 0
    let seen = 0
    for (; firstPass < terms.length && seen < FIRST_PASS_DEPTH * scope.limit; firstPass++) {
      seen += terms[firstPass]!.df
    }
    // At most this many rows hold any term. A first pass reading a quarter of them or more is
    // skipped: its rarest words are common ones, and so are the words it leaves out, whose bounds
    // then add up past any floor (W12's one user of 10,000 memories: every query word in a third
    // of them; the first pass read 3,000 rows and pruned nothing, the full one 9,000).
    const reach = Math.min(
      statistics.rows,
      terms.reduce((sum, term) => sum + term.df, 0),
    )
    const readsAll = !prune || firstPass === terms.length || 4 * seen >= reach
    rememberKeywordReads(context, scope.ns, readsAll)
    const everyMatch = pipelined?.everyMatch
    const ranking = await (async () => {
      if (everyMatch !== undefined) {
        return rankMatchedRows(await everyMatch, terms, statistics.avgLength, scope.limit)
      }
      if (readsAll) return rank(all)
      const first = await rank(all.slice(0, firstPass))
      if (first.head.length < scope.limit) return rank(all)
      const floor = first.head[scope.limit - 1]!.score
      const needed = essentialTerms(
        terms.map((term) => term.idf * (BM25_K1 + 1)),
        floor,
      )
      return needed <= firstPass ? first : rank(all.slice(0, needed))
    })()
    // The ranked rows passed the filter as they were read: the winners' rows are read alone (the
    // last read of a pipelined transaction: its COMMIT leaves with it), but for those the
    // pipeline's exact memory-vector statement already returned (`pipelined.known`).
    return pipelined === undefined
      ? fetchRanked(sql, scope, ranking)
      : fetchRankedLast(pipelined.sql, scope, ranking, pipelined.known)
  })
}

import type { SqlRunner } from '../../../sql/SqlRunner.js'
import { isFresh } from '../../context/isFresh.js'
import type { KeywordStats } from '../../context/KeywordStats.js'
import type { StoreContext } from '../../context/StoreContext.js'

/** Documents sampled for the mean length: enough for a stable mean, bounded on a large namespace. */
const LENGTH_SAMPLE = 2000

/**
 * The namespace's size and mean document length for BM25, counted: where the statistics are not
 * maintained on write (`keywordStatistics`), and as the tests' reference. Cached like the
 * namespace sizes (ranking tolerates slightly stale statistics); re-measured once `countTtlMs`
 * has passed or a term is seen in more documents (`maxDf`) than the cached size.
 */
export async function keywordCorpus(
  context: StoreContext,
  sql: SqlRunner,
  ns: string,
  maxDf: number,
): Promise<KeywordStats> {
  const now = Date.now()
  const cached = context.keywordStats.get(ns)
  if (cached !== undefined && isFresh(context, cached.at) && cached.rows >= maxDf) return cached
  const measured = await sql.query<{ rows: number; avg_length: number | null }>(
    `SELECT (SELECT count(*)::int FROM memories WHERE namespace = $1) AS rows,
         (SELECT avg(length(search))::float8 FROM (SELECT search FROM memories WHERE namespace = $1 LIMIT ${LENGTH_SAMPLE}) s) AS avg_length`,
    [ns],
  )
  const stats = {
    rows: Math.max(maxDf, Number(measured.rows[0]?.rows ?? 0)),
    avgLength: Math.max(1, Number(measured.rows[0]?.avg_length ?? 1)),
    at: now,
  }
  context.keywordStats.set(ns, stats)
  return stats
}

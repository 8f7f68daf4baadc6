import type { Memory, ScoredMemory } from '@agent-memory/core'
import type { PipelinedRunner } from '../../sql/PipelinedRunner.js'
import { fetchRankedLast } from '../search/legs/fetchRankedLast.js'
import type { SearchScope } from '../search/scope/searchScope.js'
import { firstReadDepth } from './firstReadDepth.js'
import type { SharedKeywordIndex } from './SharedKeywordIndex.js'

/**
 * The keyword leg on PostgreSQL through this process's shared index (`SharedKeywordIndex`), on
 * the caller's pipelined transaction: the query's analysis and the namespace's catch-up leave in
 * one statement (the transaction's first round trip, beside the other legs), the ranking is the
 * SQL leg's to the bit (`NamespaceKeywordIndex.rankAsSql`), and only the best rows are read,
 * through the search's filter, in the second (its COMMIT with them). `undefined`: the namespace
 * is no longer held, and the caller runs the SQL leg on the same transaction. `known`: the rows the
 * exact memory-vector statement of the same transaction returns (sent before the catch-up, so its
 * answer is in by then): a ranked row among them is not read again.
 */
export async function searchKeywordShared(
  shared: SharedKeywordIndex,
  sql: PipelinedRunner,
  scope: SearchScope,
  analysis: string,
  idfExponent: number,
  known?: Promise<ReadonlyMap<string, Memory>>,
): Promise<ScoredMemory[] | undefined> {
  const prepared = await shared.prepare(sql, scope.ns, analysis)
  if (prepared === undefined) return undefined
  if (prepared.terms.length === 0) return []
  const ranking = prepared.index.rankAsSql(prepared.terms, firstReadDepth(scope.limit), idfExponent)
  return fetchRankedLast(sql, scope, ranking, known)
}

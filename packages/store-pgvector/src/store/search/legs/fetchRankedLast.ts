import type { Memory, ScoredMemory } from '@agent-memory/core'
import type { PipelinedRunner } from '../../../sql/PipelinedRunner.js'
import { fetchRanked } from '../../keyword/fetchRanked.js'
import type { RankedDocuments } from '../../keyword/RankedDocuments.js'
import type { SearchScope } from '../scope/searchScope.js'
import { lastReads } from './lastReads.js'

/**
 * A keyword leg's winners as the last read of its pipelined transaction (`fetchRanked`; its
 * COMMIT leaves with the read), but for those in `known` (the rows the exact memory-vector
 * statement of the same transaction returned, in by then): where every winner is known no read
 * carries the COMMIT, and it leaves now rather than at the end.
 */
export async function fetchRankedLast(
  sql: PipelinedRunner,
  scope: SearchScope,
  ranking: RankedDocuments,
  known?: Promise<ReadonlyMap<string, Memory>>,
): Promise<ScoredMemory[]> {
  const hits = await fetchRanked(lastReads(sql), scope, ranking, undefined, await known)
  sql.commit()
  return hits
}

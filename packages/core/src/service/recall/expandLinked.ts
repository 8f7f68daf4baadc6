import type { Memory } from '../../model/Memory.js'
import type { Store } from '../../spec/Store.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import type { RecallHit } from '../MemoryService.js'
import { resolveLink } from '../resolveLink.js'
import type { RecallPlan } from './RecallPlan.js'

/**
 * `includeLinked`: the memories the hits link to (1 hop), after the hits, in the hits' order and
 * each hit's link order, at most `linkedLimit`. A link to a superseded memory brings its current
 * successor; a link whose target is gone or no longer live brings nothing; a memory already
 * listed (a hit, or linked from an earlier hit) is not repeated. A linked memory was not found
 * by the query: its `score` and `scores` are 0 and `sources` empty, and `linkedFrom` names the hit
 * that brought it. The recall's filter does not apply to it, only liveness.
 */
export async function expandLinked(
  context: { store: Pick<Store, 'get'>; now: ServiceContext['now'] },
  plan: Pick<RecallPlan, 'namespace' | 'linkedLimit'>,
  hits: readonly RecallHit[],
): Promise<RecallHit[]> {
  if (plan.linkedLimit === 0) return []
  const at = context.now()
  const targets = [...new Set(hits.flatMap((hit) => hit.memory.linkedMemoryIds))]
  if (targets.length === 0) return []
  const resolved = new Map<string, Memory | null>()
  await Promise.all(
    targets.map(async (id) => resolved.set(id, await resolveLink(context.store, plan.namespace, id, at))),
  )
  const listed = new Set(hits.map((hit) => hit.memory.id))
  const linked: RecallHit[] = []
  for (const hit of hits) {
    for (const id of hit.memory.linkedMemoryIds) {
      const memory = resolved.get(id)
      if (memory === null || memory === undefined || listed.has(memory.id)) continue
      listed.add(memory.id)
      linked.push({
        memory,
        score: 0,
        scores: { fused: 0, modifier: 1, relevance: 0 },
        sources: [],
        linkedFrom: hit.memory.id,
      })
      if (linked.length === plan.linkedLimit) return linked
    }
  }
  return linked
}

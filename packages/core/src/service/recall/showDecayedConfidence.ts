import type { ServiceContext } from '../context/ServiceContext.js'
import type { RecallHit } from '../MemoryService.js'
import { withDecayedConfidence } from '../withDecayedConfidence.js'

/**
 * The hits as recall shows them: each memory's confidence decayed to now, the value the ranking
 * modifier ranked it with (it decays the stored value itself, so this runs after ranking).
 */
export function showDecayedConfidence(
  context: Pick<ServiceContext, 'now' | 'confidenceDecay'>,
  hits: RecallHit[],
): RecallHit[] {
  const now = context.now()
  return hits.map((hit) => {
    const memory = withDecayedConfidence(hit.memory, now, context.confidenceDecay)
    return memory === hit.memory ? hit : { ...hit, memory }
  })
}

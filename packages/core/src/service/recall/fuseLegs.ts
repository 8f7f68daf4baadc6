import type { ServiceContext } from '../context/ServiceContext.js'
import { fuseMinMax } from '../fuseMinMax.js'
import { fuseReciprocalRank, type RankedLeg } from '../fuseReciprocalRank.js'
import type { RecallPlan } from './RecallPlan.js'

/**
 * Fuses the legs the recall uses into one relevance per memory: the keyword leg alone without a
 * query vector, the semantic leg alone in `vector` mode, else both — by RRF (k = `rrfK`) or
 * weighted min-max (`vectorWeight` for the semantic leg, the rest for keywords).
 */
export function fuseLegs(
  context: Pick<ServiceContext, 'fusion' | 'rrfK' | 'vectorWeight'>,
  mode: RecallPlan['mode'],
  keywordOnly: boolean,
  semanticLeg: RankedLeg,
  keywordLeg: RankedLeg,
): Map<string, number> {
  const weighted = keywordOnly
    ? [{ leg: keywordLeg, weight: 1 }]
    : mode === 'vector'
      ? [{ leg: semanticLeg, weight: 1 }]
      : [
          { leg: semanticLeg, weight: context.vectorWeight },
          { leg: keywordLeg, weight: 1 - context.vectorWeight },
        ]
  return context.fusion === 'rrf'
    ? fuseReciprocalRank(
        weighted.map(({ leg }) => leg),
        context.rrfK,
      )
    : fuseMinMax(weighted)
}

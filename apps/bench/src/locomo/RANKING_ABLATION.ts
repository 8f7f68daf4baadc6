import { RANKING_BEFORE_16 } from './RANKING_BEFORE_16.js'
import type { RankingCandidate } from './RankingCandidate.js'

/** Techniques one at a time, the first being the base every added millisecond is measured from. */
export const RANKING_ABLATION: RankingCandidate[] = [
  { label: 'no lending, vector weight 0.3', mode: 'hybrid', options: RANKING_BEFORE_16 },
  { label: '+ neighbourhood lending', mode: 'hybrid', options: { ...RANKING_BEFORE_16, neighbourhood: {} } },
  { label: '+ vector weight 0.15 (default)', mode: 'hybrid', options: {} },
]

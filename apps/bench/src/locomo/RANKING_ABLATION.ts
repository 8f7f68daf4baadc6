import { RANKING_WITHOUT_LENDING } from './RANKING_WITHOUT_LENDING.js'
import type { RankingCandidate } from './RankingCandidate.js'

/** Techniques one at a time, the first being the base every added millisecond is measured from. */
export const RANKING_ABLATION: RankingCandidate[] = [
  { label: 'no lending, vector weight 0.3', mode: 'hybrid', options: RANKING_WITHOUT_LENDING },
  {
    label: '+ neighbourhood lending',
    mode: 'hybrid',
    options: { ...RANKING_WITHOUT_LENDING, neighbourhood: {} },
  },
  { label: '+ vector weight 0.15 (default)', mode: 'hybrid', options: {} },
]

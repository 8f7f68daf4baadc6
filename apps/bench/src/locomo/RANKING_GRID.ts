import type { RankingCandidate } from './RankingCandidate.js'

const SHARES = [0, 0.25, 0.5]
const PER_SIDE = [1, 2]
const VECTOR_WEIGHTS = [0, 0.15, 0.3, 0.5]

/**
 * The settings leave-one-conversation-out chooses among: neighbourhood share × neighbours per
 * side × min-max vector weight (hybrid mode; everything else at the service defaults). Coarse on
 * purpose: every setting is scored on both dev sets, and the earlier, finer grid (shares to 0.7,
 * 3 per side, weights to 1) chose from this range on every fold.
 */
export const RANKING_GRID: RankingCandidate[] = SHARES.flatMap((share) =>
  (share === 0 ? [1] : PER_SIDE).flatMap((perSide) =>
    VECTOR_WEIGHTS.map((vectorWeight) => ({
      label: `share ${share}, perSide ${perSide}, vector ${vectorWeight}`,
      mode: 'hybrid' as const,
      options: { neighbourhood: { share, perSide }, minMaxVectorWeight: vectorWeight },
    })),
  ),
)

import type { RankingCandidate } from './RankingCandidate.js'

const SHARES = [0, 0.5]
const VECTOR_WEIGHTS = [0, 0.15, 0.3, 0.5]
const SESSION_SHARES = [0, 0.3]

/**
 * The settings leave-one-conversation-out chooses among: neighbourhood share (2 neighbours per
 * side) × min-max vector weight × session support (hybrid mode; everything else at the service
 * defaults). Coarse on purpose: every setting is scored on both dev sets; the earlier, finer grids
 * (shares to 0.7, 1 to 3 per side, weights to 1) chose share 0.5 and 2 per side on nearly every fold.
 */
export const RANKING_GRID: RankingCandidate[] = SHARES.flatMap((share) =>
  VECTOR_WEIGHTS.flatMap((vectorWeight) =>
    SESSION_SHARES.map((sessionShare) => ({
      label: `share ${share}, vector ${vectorWeight}, session ${sessionShare}`,
      mode: 'hybrid' as const,
      options: {
        neighbourhood: { share, perSide: 2, sessionShare },
        minMaxVectorWeight: vectorWeight,
      },
    })),
  ),
)

import type { MemoryServiceOptions } from '@agent-memory/core'

/** The service's ranking as it was before issue #16: no neighbourhood lending, min-max vector weight 0.3. */
export const RANKING_BEFORE_16: MemoryServiceOptions = {
  neighbourhood: { share: 0 },
  minMaxVectorWeight: 0.3,
}

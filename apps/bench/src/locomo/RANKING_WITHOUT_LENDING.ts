import type { MemoryServiceOptions } from '@agent-memory/core'

/** The baseline the report compares the defaults with: no neighbourhood lending, min-max vector weight 0.3. */
export const RANKING_WITHOUT_LENDING: MemoryServiceOptions = {
  neighbourhood: { share: 0 },
  minMaxVectorWeight: 0.3,
}

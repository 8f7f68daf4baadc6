import type { LegSearchRequest } from './LegSearchRequest.js'
import type { ScoredMemory } from './ScoredMemory.js'

/**
 * A store that can answer recall's legs together, cheaper than one call each (the embedded store:
 * both in-process rankings first, then every winner's row in one read). Each list is exactly what
 * the leg's own method returns for the same arguments (an empty list for a leg not asked for).
 */
export interface LegSearchStore {
  /** The legs at once; `undefined` when this store cannot answer them together here (the caller runs them one by one). */
  searchLegs(
    namespace: string,
    request: LegSearchRequest,
  ): Promise<{ vector: ScoredMemory[]; chunk: ScoredMemory[]; keyword: ScoredMemory[] } | undefined>
}

/** Whether a store answers recall's legs together (`LegSearchStore`). */
export function isLegSearchStore(store: object): store is LegSearchStore {
  return typeof (store as Partial<LegSearchStore>).searchLegs === 'function'
}

import type { IndexUpkeep } from './IndexUpkeep.js'

/** Every piece of the store's background work in flight now: builds, folds, recall samples, size counts, keyword-index loads. */
export function upkeepInFlight(upkeep: IndexUpkeep): Array<Promise<void>> {
  return [
    ...upkeep.running.values(),
    ...upkeep.folds.values(),
    ...upkeep.samples,
    ...upkeep.sizing.values(),
    ...upkeep.keywordLoads.values(),
  ]
}

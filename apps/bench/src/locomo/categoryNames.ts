import { LOCOMO_CATEGORIES } from './LOCOMO_CATEGORIES.js'
import { REALMEM_CATEGORIES } from './REALMEM_CATEGORIES.js'

/** The category names of a dev set, by its conversations' ids (RealMem's start `rm-`). */
export function categoryNames(sampleIds: readonly string[]): Readonly<Record<string, string>> {
  return sampleIds.length > 0 && sampleIds.every((id) => id.startsWith('rm-'))
    ? REALMEM_CATEGORIES
    : LOCOMO_CATEGORIES
}

import { METADATA_KEY_PATTERN } from '../../model/Metadata.js'
import type { MemoryFilter } from '../../spec/MemoryFilter.js'

/** Adds an issue for every metadata filter key a store could not bind safely. */
export function checkFilterKeys(filter: MemoryFilter | undefined, issues: string[]): void {
  for (const key of Object.keys(filter?.metadata ?? {})) {
    if (!METADATA_KEY_PATTERN.test(key))
      issues.push(`filter.metadata: key ${JSON.stringify(key)} is not allowed`)
  }
}

import type { Memory, Tier } from '@agent-memory/core'
import { matchesFilter } from '../matchesFilter.js'
import { checkNamespace } from '../state/checkNamespace.js'
import { compareRowIds } from '../state/compareRowIds.js'
import { copyMemory } from '../state/copyMemory.js'
import type { InMemoryRow } from '../state/InMemoryRow.js'
import type { InMemoryState } from '../state/InMemoryState.js'
import { namespaceRows } from '../state/namespaceRows.js'

/** `Store.findByFingerprint`: the oldest live memory of this tier with this content. */
export async function findRowByFingerprint(
  state: InMemoryState,
  namespace: string,
  tier: Tier,
  fingerprint: string,
): Promise<Memory | null> {
  checkNamespace(namespace)
  const found = liveRowByFingerprint(state, namespace, tier, fingerprint)
  return found ? copyMemory(found.memory) : null
}

/** The oldest live row of this tier with this content, uncopied (the upsert's duplicate check too). */
export function liveRowByFingerprint(
  state: InMemoryState,
  namespace: string,
  tier: Tier,
  fingerprint: string,
): InMemoryRow | undefined {
  const now = state.clock()
  return namespaceRows(state, namespace)
    .filter((row) => row.memory.tier === tier && row.memory.fingerprint === fingerprint)
    .filter((row) => matchesFilter(row.memory, undefined, now))
    .sort((a, b) => a.memory.createdAt.getTime() - b.memory.createdAt.getTime() || compareRowIds(a, b))[0]
}

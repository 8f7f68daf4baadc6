import type { Memory, Tier } from '@agent-memory/core'
import { checkNamespace } from '../state/checkNamespace.js'
import { copyMemory } from '../state/copyMemory.js'
import type { InMemoryState } from '../state/InMemoryState.js'
import { liveRowByFingerprint } from './findRowByFingerprint.js'

/** `Store.findByFingerprints`: `findByFingerprint` per distinct key, the ones found. */
export async function findRowsByFingerprints(
  state: InMemoryState,
  namespace: string,
  keys: Array<{ tier: Tier; fingerprint: string }>,
): Promise<Memory[]> {
  checkNamespace(namespace)
  const found = new Map<string, Memory>()
  for (const { tier, fingerprint } of keys) {
    const row = liveRowByFingerprint(state, namespace, tier, fingerprint)
    if (row) found.set(row.memory.id, copyMemory(row.memory))
  }
  return [...found.values()]
}

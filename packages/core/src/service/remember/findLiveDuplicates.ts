import type { Memory } from '../../model/Memory.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { duplicateKey } from './duplicateKey.js'
import type { PreparedWrite } from './PreparedWrite.js'

/**
 * The live memories that `writes` would duplicate, by `duplicateKey`: one store look-up for the
 * batch (`findByFingerprints`), or one per distinct key on a store without it.
 */
export async function findLiveDuplicates(
  context: ServiceContext,
  namespace: string,
  writes: PreparedWrite[],
): Promise<Map<string, Memory>> {
  const keys = new Map<string, { tier: PreparedWrite['input']['tier']; fingerprint: string }>()
  for (const write of writes) {
    keys.set(duplicateKey(write.input.tier, write.fingerprint), {
      tier: write.input.tier,
      fingerprint: write.fingerprint,
    })
  }
  const found = new Map<string, Memory>()
  if (keys.size === 0) return found
  const { store } = context
  if (store.findByFingerprints) {
    for (const memory of await store.findByFingerprints(namespace, [...keys.values()])) {
      found.set(duplicateKey(memory.tier, memory.fingerprint), memory)
    }
    return found
  }
  for (const [key, { tier, fingerprint }] of keys) {
    const memory = await store.findByFingerprint(namespace, tier, fingerprint)
    if (memory) found.set(key, memory)
  }
  return found
}

import type { Memory, Tier } from '@agent-memory/core'
import type { StoreContext } from '../context/StoreContext.js'
import { findByFingerprints } from './findByFingerprints.js'

/** `Store.findByFingerprint`: the newest live memory of this tier with this content (exact-duplicate check). */
export async function findByFingerprint(
  context: StoreContext,
  namespace: string,
  tier: Tier,
  fingerprint: string,
): Promise<Memory | null> {
  const [found] = await findByFingerprints(context, namespace, [{ tier, fingerprint }])
  return found ?? null
}

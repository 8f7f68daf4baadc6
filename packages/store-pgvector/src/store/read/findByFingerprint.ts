import { InvalidArgumentError, type Memory, type Tier, TierSchema } from '@agent-memory/core'
import { checkNamespace } from '../context/checkNamespace.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { memoryColumnsSelect } from '../memoryColumnsSelect.js'
import { newestLiveByFingerprint } from '../newestLiveByFingerprint.js'
import { rowToMemory } from '../rowToMemory.js'
import { SqlParams } from '../SqlParams.js'

/** `Store.findByFingerprint`: the newest live memory of this tier with this content (exact-duplicate check). */
export async function findByFingerprint(
  context: StoreContext,
  namespace: string,
  tier: Tier,
  fingerprint: string,
): Promise<Memory | null> {
  const ns = checkNamespace(namespace)
  if (!TierSchema.safeParse(tier).success) throw new InvalidArgumentError('tier', 'tier is unknown')
  if (typeof fingerprint !== 'string')
    throw new InvalidArgumentError('fingerprint', 'fingerprint must be a string')
  const params = new SqlParams()
  const nsParam = params.add(ns)
  const [row] = await routed(context, 'read', ns).readStatement(
    `SELECT found.* FROM (SELECT ${params.add(tier)}::text AS tier, ${params.add(fingerprint)}::text AS fp) k
       ${newestLiveByFingerprint(nsParam, memoryColumnsSelect(nsParam), params)}`,
    params.values,
  )
  return row === undefined ? null : rowToMemory(row)
}

import { InvalidArgumentError, type Memory, type Tier, TierSchema } from '@agent-memory/core'
import { checkNamespace } from '../context/checkNamespace.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { memoryColumnsSelect } from '../memoryColumnsSelect.js'
import { newestLiveByFingerprint } from '../newestLiveByFingerprint.js'
import { rowToMemory } from '../rowToMemory.js'
import { SqlParams } from '../SqlParams.js'

/**
 * `Store.findByFingerprints`: per (tier, fingerprint) key, the newest live memory, in one
 * statement (one index probe per key, `newestLiveByFingerprint`); `findByFingerprint` is its
 * one-key case.
 */
export async function findByFingerprints(
  context: StoreContext,
  namespace: string,
  keys: Array<{ tier: Tier; fingerprint: string }>,
): Promise<Memory[]> {
  const ns = checkNamespace(namespace)
  if (!Array.isArray(keys)) throw new InvalidArgumentError('keys', 'keys must be an array')
  for (const key of keys) {
    if (!TierSchema.safeParse(key?.tier).success) throw new InvalidArgumentError('tier', 'tier is unknown')
    if (typeof key.fingerprint !== 'string')
      throw new InvalidArgumentError('fingerprint', 'fingerprint must be a string')
  }
  if (keys.length === 0) return []
  const params = new SqlParams()
  const nsParam = params.add(ns)
  // One round trip on PostgreSQL, routed to a replica where it may serve: the write that follows
  // checks again, atomically, under its locks (`liveDuplicates`).
  const rows = await routed(context, 'read', ns).readStatement(
    `SELECT found.* FROM ${newestLiveByFingerprint(nsParam, memoryColumnsSelect(nsParam), params, keys)}`,
    params.values,
  )
  return rows.map(rowToMemory)
}

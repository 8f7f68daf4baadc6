import { InvalidArgumentError, type Memory, type Tier, TierSchema } from '@agent-memory/core'
import { buildFilter } from '../buildFilter.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { MEMORY_COLUMNS } from '../memoryColumns.js'
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
  const conditions = [
    `m.namespace = ${params.add(ns)}`,
    `m.tier = ${params.add(tier)}`,
    `m.fingerprint = ${params.add(fingerprint)}`,
    ...buildFilter(undefined, params),
  ]
  const [row] = await routed(context, 'read', ns).readStatement(
    `SELECT ${MEMORY_COLUMNS} FROM memories m WHERE ${conditions.join(' AND ')} ORDER BY m.created_at DESC, m.id LIMIT 1`,
    params.values,
  )
  return row === undefined ? null : rowToMemory(row)
}

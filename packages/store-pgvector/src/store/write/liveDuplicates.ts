import type { MemoryWrite } from '@agent-memory/core'
import type { SqlRunner } from '../../sql/SqlRunner.js'
import { newestLiveByFingerprint } from '../newestLiveByFingerprint.js'
import { SqlParams } from '../SqlParams.js'
import { lockFingerprintKeys } from './lockFingerprintKeys.js'

/**
 * For writes that must not duplicate a live memory: locks their (namespace, tier, fingerprint)
 * keys (`lockFingerprintKeys`), then finds the live memories already holding those keys (keyed
 * `tier \u0001 fingerprint`): "check, then insert" is one atomic step per key.
 */
export async function liveDuplicates(
  sql: SqlRunner,
  ns: string,
  writes: MemoryWrite[],
): Promise<Map<string, string>> {
  const live = new Map<string, string>()
  if (writes.length === 0) return live
  // Issued together: on a pipelined runner the look-up rides in the locks' round trip; the server
  // still runs it after them, as a statement of its own whose snapshot sees what they waited for.
  const locked = lockFingerprintKeys(sql, ns, writes)
  const params = new SqlParams()
  const nsParam = params.add(ns)
  const lookedUp = sql.query<{ tier: string; fingerprint: string; id: string }>(
    `SELECT found.* FROM ${newestLiveByFingerprint(nsParam, 'm.tier, m.fingerprint, m.id', params, writes)}`,
    params.values,
  )
  const [, found] = await Promise.all([locked, lookedUp])
  for (const row of found.rows) live.set(`${row.tier}\u0001${row.fingerprint}`, row.id)
  return live
}

import type { MemoryWrite } from '@agent-memory/core'
import type { SqlRunner } from '../../sql/SqlRunner.js'
import { newestLiveByFingerprint } from '../newestLiveByFingerprint.js'
import { SqlParams } from '../SqlParams.js'

/** Advisory lock class for "is a live memory with this namespace, tier and fingerprint there?". */
const ADVISORY_FINGERPRINT_LOCK = 1_634_625_903

/**
 * For writes that must not duplicate a live memory: takes a transaction-scoped advisory lock
 * per (namespace, tier, fingerprint), in hash order so concurrent batches never deadlock, then
 * finds the live memories already holding those keys (keyed `tier \u0001 fingerprint`). A
 * concurrent writer of the same key waits on the lock until this transaction commits, and its
 * own lookup (a new statement under READ COMMITTED) then sees this row: "check, then insert" is
 * one atomic step per key.
 */
export async function liveDuplicates(
  sql: SqlRunner,
  ns: string,
  writes: MemoryWrite[],
): Promise<Map<string, string>> {
  const live = new Map<string, string>()
  if (writes.length === 0) return live
  const tiers = writes.map((write) => write.tier)
  const fingerprints = writes.map((write) => write.fingerprint)
  // Issued together: on a pipelined runner the look-up rides in the locks' round trip; the server
  // still runs it after them, as a statement of its own whose snapshot sees what they waited for.
  const locked = sql.query(
    `SELECT pg_advisory_xact_lock($1::int, s.h) FROM (
         SELECT DISTINCT hashtext($2::text || chr(1) || k.tier || chr(1) || k.fp) AS h
         FROM unnest($3::text[], $4::text[]) AS k(tier, fp)
       ) s ORDER BY s.h`,
    [ADVISORY_FINGERPRINT_LOCK, ns, tiers, fingerprints],
  )
  const params = new SqlParams()
  const nsParam = params.add(ns)
  const keys = `(SELECT DISTINCT tier, fp FROM unnest(${params.add(tiers, 'text[]')}, ${params.add(fingerprints, 'text[]')}) AS u(tier, fp)) k`
  const lookedUp = sql.query<{ tier: string; fingerprint: string; id: string }>(
    `SELECT found.* FROM ${keys} ${newestLiveByFingerprint(nsParam, 'm.tier, m.fingerprint, m.id', params)}`,
    params.values,
  )
  const [, found] = await Promise.all([locked, lookedUp])
  for (const row of found.rows) live.set(`${row.tier}\u0001${row.fingerprint}`, row.id)
  return live
}

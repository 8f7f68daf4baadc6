import type { MemoryWrite } from '@agent-memory/core'
import type { SqlRunner } from '../../sql/SqlRunner.js'

/** Advisory lock class for "is a live memory with this namespace, tier and fingerprint there?". */
const ADVISORY_FINGERPRINT_LOCK = 1_634_625_903

/**
 * Takes a transaction-scoped advisory lock per (namespace, tier, fingerprint) of `writes`, in hash
 * order so concurrent batches never deadlock (after the id locks, `lockIdBuckets`, as every
 * writer takes them). A concurrent writer of the same key waits here until this transaction
 * commits, and its own look-up (a later statement under READ COMMITTED) then sees this row.
 */
export function lockFingerprintKeys(sql: SqlRunner, ns: string, writes: MemoryWrite[]): Promise<unknown> {
  return sql.query(
    `SELECT pg_advisory_xact_lock($1::int, s.h) FROM (
         SELECT DISTINCT hashtext($2::text || chr(1) || k.tier || chr(1) || k.fp) AS h
         FROM unnest($3::text[], $4::text[]) AS k(tier, fp)
       ) s ORDER BY s.h`,
    [
      ADVISORY_FINGERPRINT_LOCK,
      ns,
      writes.map((write) => write.tier),
      writes.map((write) => write.fingerprint),
    ],
  )
}

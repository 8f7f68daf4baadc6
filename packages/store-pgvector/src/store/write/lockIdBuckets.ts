import type { SqlRunner } from '../../sql/SqlRunner.js'

const ADVISORY_ID_LOCK = 1_634_625_901
const ID_LOCK_BUCKETS = 512

function bucketOf(id: string): number {
  let hash = 2_166_136_261
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i)
    hash = Math.imul(hash, 16_777_619)
  }
  return (hash >>> 0) % ID_LOCK_BUCKETS
}

/**
 * Ids are unique across namespaces but the key leads with namespace; a per-id-bucket lock
 * (held to the end of the transaction) makes "is this id owned elsewhere?" and the write one
 * atomic step. Buckets are locked in order, so concurrent batches never deadlock on them.
 */
export async function lockIdBuckets(sql: SqlRunner, ids: readonly string[]): Promise<void> {
  const buckets = [...new Set(ids.map(bucketOf))].sort((a, b) => a - b)
  await sql.query('SELECT pg_advisory_xact_lock($1::int, b) FROM unnest($2::int[]) AS b', [
    ADVISORY_ID_LOCK,
    buckets,
  ])
}

import type { SqlRunner } from '../../sql/SqlRunner.js'
import type { StoreContext } from '../context/StoreContext.js'

/** Which namespace holds each of `ids`, and the fingerprint it holds it with. */
export interface IdOwner {
  namespace: string
  id: string
  fingerprint: string
}

/**
 * The rows already holding `ids`, read under the caller's id locks (`lockIdBuckets`). On one server
 * ids are unique across namespaces: every namespace is asked (`agent_memory_id_owners`, migration
 * 0006, whose plan is kept for the session rather than made on every write, which would open every
 * per-namespace index of the table: W11), and an id another namespace holds is a conflict. On Citus
 * ids are unique per namespace (the primary key `(namespace, id)`): only `ns` is asked, so a write
 * stays on the namespace's shard instead of probing every shard.
 */
export async function readIdOwners(
  context: StoreContext,
  sql: SqlRunner,
  ns: string,
  ids: string[],
): Promise<IdOwner[]> {
  const result = context.distributed
    ? await sql.query<IdOwner>(
        'SELECT namespace, id, fingerprint FROM memories WHERE namespace = $2 AND id = ANY($1::text[])',
        [ids, ns],
      )
    : await sql.query<IdOwner>(
        `SELECT owner AS namespace, owned_id AS id, owned_fingerprint AS fingerprint
           FROM agent_memory_id_owners($1::text[])`,
        [ids],
      )
  return result.rows
}

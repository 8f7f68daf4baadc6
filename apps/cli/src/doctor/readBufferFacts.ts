import type pg from 'pg'
import type { BufferFacts } from './judgeSharedBuffers.js'
import { STORE_RELATIONS } from './STORE_RELATIONS.js'

/**
 * The server's `shared_buffers` and the size of agent-memory's tables on the connection's search
 * path (heap, indexes and TOAST); a table split by namespace counts its leaf partitions (its parent
 * holds no rows).
 */
export async function readBufferFacts(client: Pick<pg.Client, 'query'>): Promise<BufferFacts> {
  const { rows } = await client.query<{ pool: string; store: string }>(
    `${STORE_RELATIONS}
     SELECT pg_size_bytes(current_setting('shared_buffers'))::text AS pool,
       (SELECT coalesce(sum(pg_total_relation_size(oid)), 0) FROM relations)::text AS store`,
  )
  return { sharedBuffersBytes: Number(rows[0]!.pool), storeBytes: Number(rows[0]!.store) }
}

import { accessKeyOf } from '../accessKeyOf.js'

/** The listed ids ($2, sorted) counted: one row per id with its access row's key and the times it was listed. */
const HITS = `SELECT id, ${accessKeyOf('$1', 'id')} AS access_key, count(*)::int AS times
  FROM unnest($2::text[]) AS h(id) GROUP BY id ORDER BY id COLLATE "C"`

/**
 * Hits of several namespaces, one element per listed occurrence (`$1` namespaces, `$2` ids, `$3`
 * access times, null: the transaction's instant), counted: one row per (namespace, id) with the
 * times it was listed and its access row's key, in (namespace, id) order.
 */
const HITS_OF_NAMESPACES = `SELECT ns, id, ${accessKeyOf('ns', 'id')} AS access_key, count(*)::int AS times, max(at) AS at
    FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS h(ns, id, at)
   GROUP BY ns, id ORDER BY ns COLLATE "C", id COLLATE "C"`

/**
 * Recall's reinforcement written to the access rows (`agent_memory_access`): the count added, the
 * time replaced. Only ids that name a memory of their namespace get a row.
 *
 * `bumpThenInsert` (one server; the hits of any number of namespaces, `HITS_OF_NAMESPACES`, so one
 * flush of many users' recalls is one statement): the existing access rows are updated by a plain `UPDATE`, heap-only
 * (no index holds the two columns, and the pages keep room), and only the ids without one are
 * inserted, plainly. Measured with `pg_walinspect`, that is the upsert's WAL without its two extra
 * records per row: the tuple lock `ON CONFLICT DO UPDATE` takes before updating (a `LOCK` record,
 * 54 bytes) and the speculative insertion's confirmation (`HEAP_CONFIRM`, 48 bytes). Rows are taken
 * in key order. It fails where it races: a concurrent reinforce inserting the same new row first
 * (a unique violation), and the caller then runs `upsert`.
 *
 * `upsert` (the ids `$2` of namespace `$1` at `$3`, null: the transaction's instant): one
 * `INSERT … ON CONFLICT DO UPDATE`, which waits for a concurrent insert and adds to
 * it; used after a race, with a sliding expiry, and on Citus, which refuses now() (even as a
 * subquery) inside COALESCE of a write in a CTE. `(SELECT now())`: the same instant as now(); Citus
 * refuses a non-immutable call inside CASE or COALESCE of a write, not a subquery. `distributed`:
 * the table's unique key, the access key alone on one server, with the namespace on Citus (a
 * distributed table's unique key holds its distribution column).
 *
 * An access row is keyed by `accessKeyOf` its namespace and id (migration 0013).
 */
export const REINFORCE_SQL = {
  bumpThenInsert: `WITH hits AS MATERIALIZED (${HITS_OF_NAMESPACES}),
       bumped AS (
         UPDATE agent_memory_access a
            SET access_count = a.access_count + hits.times,
                last_accessed_at = coalesce(hits.at, now())
           FROM hits WHERE a.namespace = hits.ns AND a.access_key = hits.access_key
         RETURNING a.access_key
       )
     INSERT INTO agent_memory_access (namespace, access_key, last_accessed_at, access_count)
     SELECT m.namespace, hits.access_key, coalesce(hits.at, now()), hits.times
       FROM hits JOIN memories m ON m.namespace = hits.ns AND m.id = hits.id
      WHERE NOT EXISTS (SELECT 1 FROM bumped b WHERE b.access_key = hits.access_key)
      ORDER BY m.namespace COLLATE "C", m.id COLLATE "C"`,
  upsert: (
    distributed: boolean,
  ) => `INSERT INTO agent_memory_access AS a (namespace, access_key, last_accessed_at, access_count)
     SELECT m.namespace, hits.access_key, coalesce($3::timestamptz, (SELECT now())), hits.times
       FROM (${HITS}) hits
       JOIN memories m ON m.namespace = $1 AND m.id = hits.id
      ORDER BY m.id COLLATE "C"
     ON CONFLICT (${distributed ? 'namespace, access_key' : 'access_key'}) DO UPDATE SET access_count = a.access_count + EXCLUDED.access_count,
       last_accessed_at = EXCLUDED.last_accessed_at`,
} as const

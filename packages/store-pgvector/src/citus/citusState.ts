import type { SqlRunner } from '../sql/SqlRunner.js'
import { CITUS_LAYOUT } from './CITUS_LAYOUT.js'
import { hasReplicaIdentitySql } from './hasReplicaIdentitySql.js'

/** What the connected database says about Citus and the store's tables on it. */
export interface CitusState {
  /** The `citus` extension is installed in this database. */
  installed: boolean
  /** `memories` is a distributed table (the store was distributed). */
  distributed: boolean
  /** Every table of `CITUS_LAYOUT` is laid out as it says (distributed and co-located, or reference). */
  complete: boolean
  /**
   * Every distributed table of `CITUS_LAYOUT` has a replica identity logical replication accepts
   * (a primary key, or `REPLICA IDENTITY FULL`), so Citus can move its shards while writes go on.
   * A store distributed by an older version lacks it until `migrate` runs again; it opens all the same.
   */
  movable: boolean
}

/**
 * Reads the store's Citus layout: one catalog read on a database without Citus (`pg_dist_partition`
 * exists only with the extension), two with it.
 */
export async function citusState(sql: SqlRunner): Promise<CitusState> {
  const found = await sql.query<{ installed: boolean }>(
    "SELECT to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL AS installed",
  )
  if (found.rows[0]?.installed !== true)
    return { installed: false, distributed: false, complete: false, movable: false }
  const tables = [...CITUS_LAYOUT.distributed, ...CITUS_LAYOUT.reference]
  const layout = await sql.query<{
    name: string
    method: string
    key: string | null
    colocation: number
    replicable: boolean
  }>(
    `SELECT t.name, p.partmethod::text AS method,
       CASE WHEN p.partmethod = 'h' THEN column_to_column_name(p.logicalrelid, p.partkey) END AS key,
       p.colocationid AS colocation, ${hasReplicaIdentitySql('p.logicalrelid')} AS replicable
     FROM unnest($1::text[]) AS t(name)
     JOIN pg_dist_partition p ON p.logicalrelid = to_regclass(t.name)`,
    [tables],
  )
  const byName = new Map(layout.rows.map((row) => [row.name, row]))
  const anchor = byName.get('memories')
  const distributed = anchor !== undefined && anchor.method === 'h'
  const complete =
    distributed &&
    CITUS_LAYOUT.distributed.every((name) => {
      const row = byName.get(name)
      return row?.method === 'h' && row.key === 'namespace' && row.colocation === anchor.colocation
    }) &&
    CITUS_LAYOUT.reference.every((name) => byName.get(name)?.method === 'n')
  const movable =
    distributed && CITUS_LAYOUT.distributed.every((name) => byName.get(name)?.replicable === true)
  return { installed: true, distributed, complete, movable }
}

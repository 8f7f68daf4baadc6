import { relationsOf } from './relationsOf.js'

/**
 * SQL for the planner's row count of the table `tableSql` names: its own `reltuples`, or for a
 * table split by namespace (`migrate({ partitions })`) the sum of its partitions', since autovacuum
 * analyzes the partitions and never the parent. 0 before the first ANALYZE.
 */
export function plannerRows(tableSql: string): string {
  return `(SELECT coalesce(sum(greatest(c.reltuples, 0)), 0)::float8 FROM ${relationsOf(tableSql)} r
    JOIN pg_class c ON c.oid = r.relid WHERE c.relkind = 'r')`
}

/**
 * SQL for the oids of the table `tableSql` names (a bound name or a quoted literal) and of its
 * partitions, when it is split by namespace (`migrate({ partitions })`, one level deep). Not
 * `pg_partition_tree`: it lists nothing for a plain table (PostgreSQL and PGlite alike).
 */
export function relationsOf(tableSql: string): string {
  return `(SELECT to_regclass(${tableSql})::oid AS relid
    UNION ALL SELECT inhrelid FROM pg_inherits WHERE inhparent = to_regclass(${tableSql}))`
}

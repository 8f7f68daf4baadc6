/**
 * SQL that is true when the table `relation` (an oid expression) has a replica identity logical
 * replication accepts: `REPLICA IDENTITY FULL`, the default with a primary key, or a chosen unique
 * index. Citus moves a shard group by logical replication only when each of its tables has one.
 */
export const hasReplicaIdentitySql = (relation: string): string =>
  `(SELECT CASE c.relreplident
       WHEN 'f' THEN true
       WHEN 'd' THEN EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indisprimary)
       WHEN 'i' THEN EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indisreplident)
       ELSE false END
     FROM pg_class c WHERE c.oid = ${relation})`

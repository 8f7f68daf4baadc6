/**
 * Asked of the replica: whether it is still one, how far it replayed, and its replay lag in ms.
 * The lag is 0 when it replayed all it received (an idle primary is not lag), the age of the last
 * replayed commit otherwise (an overestimate after a quiet spell: the safe side), and NULL when its
 * WAL receiver is not streaming (it may be arbitrarily stale).
 */
export const REPLICA_POSITION_QUERY = `SELECT pg_is_in_recovery() AS in_recovery,
  pg_last_wal_replay_lsn()::text AS replayed,
  (CASE
    WHEN NOT EXISTS (SELECT FROM pg_stat_wal_receiver WHERE status = 'streaming') THEN NULL
    WHEN pg_last_wal_receive_lsn() <= pg_last_wal_replay_lsn() THEN 0
    ELSE greatest(0, extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)
  END)::float8 AS lag_ms`

/**
 * How the store's tables sit on a Citus cluster (`migrate({ distribute: 'citus' })`): the tables of
 * a namespace's rows are distributed by `namespace` and co-located with `memories`, so one
 * namespace's rows, chunks, access rows and keyword statistics live in one shard group on one
 * worker and every statement of one user is planned as one task there. The meta table (one row,
 * read at open) is a reference table, copied to every node. The migration journal, the
 * per-namespace index registry and the recall samples stay plain tables on the coordinator: they
 * describe the coordinator's catalog (an index is named there; its shards' copies are not) and are
 * read joined with it, which a distributed table cannot be. Every distributed table has a replica
 * identity, so Citus moves its shards by logical replication while writes go on.
 */
export const CITUS_LAYOUT = {
  /** Distributed by `namespace`; the first is the co-location anchor. */
  distributed: [
    'memories',
    'memory_chunks',
    'agent_memory_access',
    'agent_memory_keyword_corpus',
    'agent_memory_keyword_lexemes',
  ],
  /**
   * Distributed tables whose rows have no unique key, so `REPLICA IDENTITY FULL`: Citus moves a
   * shard group by logical replication (its default transfer mode) only when every table in it has
   * a replica identity, and writes go on during such a move. Both are append-mostly (an insert logs
   * no old row; only a fold's delete of a namespace's small rows logs them whole). The other
   * distributed tables have primary keys.
   */
  replicaIdentityFull: ['agent_memory_keyword_corpus', 'agent_memory_keyword_lexemes'],
  reference: ['agent_memory_meta'],
  /** Plain tables on the coordinator. */
  coordinator: [
    'agent_memory_migrations',
    'agent_memory_vector_indexes',
    'agent_memory_recall_samples',
    // The keyword change log, unused on Citus (`distributeOnCitus` drops its triggers).
    'agent_memory_keyword_log',
  ],
  /** Database settings the store relies on (`ALTER DATABASE … SET` through the coordinator). */
  settings: {
    // SET LOCAL (statement timeout, hnsw.ef_search, iterative scans) reaches the shards.
    'citus.propagate_set_commands': 'local',
    // The keyword-statistics triggers on `memories` run on its shards.
    'citus.enable_unsafe_triggers': 'on',
  },
} as const

/**
 * The access row of the memory aliased `alias` (`agent_memory_access`, migration 0010), one key
 * probe. `namespace` is the statement's bound namespace (`$n`), the one its `memories` rows are
 * filtered to: a correlation on `alias.namespace` would read the same row, but a distributed
 * engine (Citus) refuses a correlated subquery on its distribution column where it plans the
 * statement for one shard when both tables name the same bound value.
 */
const accessOf = (alias: string, namespace: string, column: string) =>
  `(SELECT a.${column} FROM agent_memory_access a WHERE a.namespace = ${namespace} AND a.memory_id = ${alias}.id)`

/**
 * A memory's reinforcement as every reader sees it: its row's values as written, amended by its
 * access row where recall reinforced it since (the count added, the time replaced). Correlated
 * look-ups rather than a join, so every statement that reads memory columns reads these without
 * restructuring; they are evaluated for the rows a statement returns, never for rows it only ranks.
 * `namespace`: the bound parameter the statement filters the `alias` rows' namespace by.
 */
export const ACCESS_SQL = {
  lastAccessedAt: (alias: string, namespace: string) =>
    `coalesce(${accessOf(alias, namespace, 'last_accessed_at')}, ${alias}.last_accessed_at)`,
  accessCount: (alias: string, namespace: string) =>
    `${alias}.access_count + coalesce(${accessOf(alias, namespace, 'access_count')}, 0)`,
} as const

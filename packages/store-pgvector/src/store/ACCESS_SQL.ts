/** The access row of the memory aliased `alias` (`agent_memory_access`, migration 0010), one key probe. */
const accessOf = (alias: string, column: string) =>
  `(SELECT a.${column} FROM agent_memory_access a WHERE a.namespace = ${alias}.namespace AND a.memory_id = ${alias}.id)`

/**
 * A memory's reinforcement as every reader sees it: its row's values as written, amended by its
 * access row where recall reinforced it since (the count added, the time replaced). Correlated
 * look-ups rather than a join, so every statement that reads memory columns reads these without
 * restructuring; they are evaluated for the rows a statement returns, never for rows it only ranks.
 */
export const ACCESS_SQL = {
  lastAccessedAt: (alias: string) =>
    `coalesce(${accessOf(alias, 'last_accessed_at')}, ${alias}.last_accessed_at)`,
  accessCount: (alias: string) => `${alias}.access_count + coalesce(${accessOf(alias, 'access_count')}, 0)`,
} as const

import { accessKeyOf } from './accessKeyOf.js'

/**
 * The access row of the memory aliased `alias` (`agent_memory_access`, migrations 0010 and 0013),
 * one key probe. `namespace` is the statement's bound namespace (`$n`), the one its `memories`
 * rows are filtered to: a correlation on `alias.namespace` would read the same row, but a
 * distributed engine (Citus) refuses a correlated subquery on its distribution column where it
 * plans the statement for one shard when both tables name the same bound value.
 */
const accessOf = (alias: string, namespace: string, column: string) =>
  `(SELECT a.${column} FROM agent_memory_access a WHERE a.namespace = ${namespace} AND a.access_key = ${accessKeyOf(namespace, `${alias}.id`)})`

/**
 * The rule every reader applies: the access row's time replaces the memory row's, its count adds
 * to the row's; over expressions of the access row's two values (null where it has none).
 */
const amended = {
  lastAccessedAt: (alias: string, accessed: string) => `coalesce(${accessed}, ${alias}.last_accessed_at)`,
  accessCount: (alias: string, accessed: string) => `${alias}.access_count + coalesce(${accessed}, 0)`,
}

/**
 * A memory's reinforcement as every reader sees it: its row's values as written, amended by its
 * access row where recall reinforced it since (the count added, the time replaced). Correlated
 * look-ups rather than a join, so every statement that reads memory columns reads these without
 * restructuring; they are evaluated for the rows a statement returns, never for rows it only ranks.
 * `namespace`: the bound parameter the statement filters the `alias` rows' namespace by.
 * `joined`: the same over a statement that joins the access row as `accessed` (one key probe per
 * row where the two look-ups make two).
 */
export const ACCESS_SQL = {
  lastAccessedAt: (alias: string, namespace: string) =>
    amended.lastAccessedAt(alias, accessOf(alias, namespace, 'last_accessed_at')),
  accessCount: (alias: string, namespace: string) =>
    amended.accessCount(alias, accessOf(alias, namespace, 'access_count')),
  joined: {
    lastAccessedAt: (alias: string, accessed: string) =>
      amended.lastAccessedAt(alias, `${accessed}.last_accessed_at`),
    accessCount: (alias: string, accessed: string) => amended.accessCount(alias, `${accessed}.access_count`),
  },
} as const

import { ACCESS_ROW } from './ACCESS_ROW.js'
import { accessKeyOf } from './accessKeyOf.js'

/**
 * The join of the `memories` row aliased `alias` with its access row as `ACCESS_ROW`:
 * `agent_memory_access` is keyed by `accessKeyOf` the namespace and id, so the join adds at most
 * one row to each. `namespace`: the bound namespace (`$n`), as `ACCESS_SQL` binds it. One key
 * probe a row, where the correlated look-ups of `memoryColumnsSelect` make two: for statements
 * that return many rows.
 */
export const joinAccessRow = (namespace: string, alias = 'm'): string =>
  `LEFT JOIN agent_memory_access ${ACCESS_ROW}
     ON ${ACCESS_ROW}.namespace = ${namespace} AND ${ACCESS_ROW}.access_key = ${accessKeyOf(namespace, `${alias}.id`)}`

import { accessKeyOf } from './accessKeyOf.js'

/**
 * The access rows' keys (`accessKeyOf`) of a list of memory ids as a SQL array, over SQL
 * expressions of the namespace and the `text[]` of ids: `access_key = ANY(…)` probes the key's
 * index once per id, as `memory_id = ANY($2)` did before the rows were keyed (migration 0013).
 */
export const accessKeysOf = (namespace: string, ids: string): string =>
  `ARRAY(SELECT ${accessKeyOf(namespace, 'listed.id')} FROM unnest(${ids}) AS listed(id))`

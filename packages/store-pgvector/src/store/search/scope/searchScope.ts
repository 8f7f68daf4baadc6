import type { SearchOptions } from '@agent-memory/core'
import { buildFilter } from '../../buildFilter.js'
import { checkNamespace } from '../../context/checkNamespace.js'
import { clampLimit } from '../../context/clampLimit.js'
import { MAX_LIMIT } from '../../context/MAX_LIMIT.js'
import type { StoreContext } from '../../context/StoreContext.js'
import { SqlParams } from '../../SqlParams.js'
import { checkVector } from '../../validateWrites.js'
import { vectorParam } from '../../vectorParam.js'

/** What every search path starts from (see `searchScope`). */
export interface SearchScope {
  ns: string
  limit: number
  params: SqlParams
  /** The bound namespace (`$n`). */
  namespaceParam: string
  /** The bound query vector (`$n::vector`); empty for the keyword path. */
  vector: string
  /** Namespace equality on the searched alias, any extra conditions, then the filter over `m`. */
  conditions: string[]
  /** The store is distributed by namespace on Citus (`StoreContext.distributed`). */
  distributed: boolean
}

/**
 * The query-building the three search paths share: the checked namespace (and query vector),
 * the clamped limit, and the WHERE conditions with every value bound as a parameter.
 */
export function searchScope(
  context: StoreContext,
  namespace: string,
  options: SearchOptions,
  near?: { vector: Float32Array; alias: 'm' | 'c'; also?: string[] },
): SearchScope {
  const ns = checkNamespace(namespace)
  if (near !== undefined) checkVector(near.vector, context.dimensions, 'vector')
  const limit = clampLimit(options?.limit, MAX_LIMIT)
  const params = new SqlParams()
  const nsParam = params.add(ns)
  const vector = near === undefined ? '' : params.add(vectorParam(near.vector), 'vector')
  const conditions = [
    `${near?.alias ?? 'm'}.namespace = ${nsParam}`,
    ...(near?.also ?? []),
    ...buildFilter(options.filter, params, nsParam),
  ]
  return { ns, limit, params, namespaceParam: nsParam, vector, conditions, distributed: context.distributed }
}

import { InvalidArgumentError, type ListOptions, type Memory } from '@agent-memory/core'
import { ACCESS_SQL } from '../ACCESS_SQL.js'
import { buildFilter } from '../buildFilter.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { clampLimit } from '../context/clampLimit.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { memoryColumnsSelect } from '../memoryColumnsSelect.js'
import { rowToMemory } from '../rowToMemory.js'
import { SqlParams } from '../SqlParams.js'

const MAX_LIST_LIMIT = 10_000

/** The ORDER BY expression of each `orderBy`, given the statement's bound namespace. */
const ORDER_COLUMNS = {
  createdAt: () => 'm.created_at',
  updatedAt: () => 'm.updated_at',
  lastAccessedAt: (nsParam: string) => ACCESS_SQL.lastAccessedAt('m', nsParam),
  importance: () => 'm.importance',
} as const

/** `Store.list`: a filtered page of a namespace, ordered by one column then id. */
export async function listMemories(
  context: StoreContext,
  namespace: string,
  options: ListOptions = {},
): Promise<Memory[]> {
  const ns = checkNamespace(namespace)
  const orderBy = options.orderBy ?? 'createdAt'
  const orderColumn = ORDER_COLUMNS[orderBy]
  if (orderColumn === undefined) throw new InvalidArgumentError('orderBy', 'orderBy is unknown')
  const direction = options.direction ?? 'desc'
  if (direction !== 'asc' && direction !== 'desc') {
    throw new InvalidArgumentError('direction', 'direction must be asc or desc')
  }
  const limit = options.limit === undefined ? 100 : clampLimit(options.limit, MAX_LIST_LIMIT)
  const offset = options.offset === undefined ? 0 : Math.max(0, Math.floor(Number(options.offset)) || 0)
  const params = new SqlParams()
  const nsParam = params.add(ns)
  const conditions = [`m.namespace = ${nsParam}`, ...buildFilter(options.filter, params, nsParam)]
  const sqlDirection = direction === 'asc' ? 'ASC' : 'DESC'
  const rows = await routed(context, 'read', ns).readStatement(
    `SELECT ${memoryColumnsSelect(nsParam)} FROM memories m WHERE ${conditions.join(' AND ')}
         ORDER BY ${orderColumn(nsParam)} ${sqlDirection}, m.id ${sqlDirection}
         LIMIT ${params.add(limit, 'int')} OFFSET ${params.add(offset, 'int')}`,
    params.values,
  )
  return rows.map(rowToMemory)
}

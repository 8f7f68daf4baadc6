import { InvalidArgumentError, type ListOptions, type Memory } from '@agent-memory/core'
import { ACCESS_SQL } from '../ACCESS_SQL.js'
import { buildFilter } from '../buildFilter.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { clampLimit } from '../context/clampLimit.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { MEMORY_COLUMNS } from '../memoryColumns.js'
import { rowToMemory } from '../rowToMemory.js'
import { SqlParams } from '../SqlParams.js'

const MAX_LIST_LIMIT = 10_000

const ORDER_COLUMNS = {
  createdAt: 'm.created_at',
  updatedAt: 'm.updated_at',
  lastAccessedAt: ACCESS_SQL.lastAccessedAt('m'),
  importance: 'm.importance',
} as const

/** `Store.list`: a filtered page of a namespace, ordered by one column then id. */
export async function listMemories(
  context: StoreContext,
  namespace: string,
  options: ListOptions = {},
): Promise<Memory[]> {
  const ns = checkNamespace(namespace)
  const orderBy = options.orderBy ?? 'createdAt'
  const column = ORDER_COLUMNS[orderBy]
  if (column === undefined) throw new InvalidArgumentError('orderBy', 'orderBy is unknown')
  const direction = options.direction ?? 'desc'
  if (direction !== 'asc' && direction !== 'desc') {
    throw new InvalidArgumentError('direction', 'direction must be asc or desc')
  }
  const limit = options.limit === undefined ? 100 : clampLimit(options.limit, MAX_LIST_LIMIT)
  const offset = options.offset === undefined ? 0 : Math.max(0, Math.floor(Number(options.offset)) || 0)
  const params = new SqlParams()
  const conditions = [`m.namespace = ${params.add(ns)}`, ...buildFilter(options.filter, params)]
  const sqlDirection = direction === 'asc' ? 'ASC' : 'DESC'
  const rows = await routed(context, 'read', ns).readStatement(
    `SELECT ${MEMORY_COLUMNS} FROM memories m WHERE ${conditions.join(' AND ')}
         ORDER BY ${column} ${sqlDirection}, m.id ${sqlDirection}
         LIMIT ${params.add(limit, 'int')} OFFSET ${params.add(offset, 'int')}`,
    params.values,
  )
  return rows.map(rowToMemory)
}

import { type ExpirySweepCounts, InvalidArgumentError } from '@agent-memory/core'
import { checkNamespace } from '../state/checkNamespace.js'
import type { InMemoryState } from '../state/InMemoryState.js'

/**
 * `Store.sweepExpired`: removes expired, unsuperseded memories with their superseded history
 * (every row whose `supersededBy` chain leads to one), and drops links to them from the rest.
 */
export async function sweepRows(
  state: InMemoryState,
  namespace: string | undefined,
  now: Date,
): Promise<ExpirySweepCounts> {
  if (namespace !== undefined) checkNamespace(namespace)
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) {
    throw new InvalidArgumentError('now', 'now must be a valid Date')
  }
  const at = now.getTime()
  const inScope = [...state.rows.values()].filter(
    (row) => namespace === undefined || row.memory.namespace === namespace,
  )
  const heads = inScope.filter(
    (row) =>
      row.memory.supersededBy === null &&
      row.memory.expiresAt !== null &&
      row.memory.expiresAt.getTime() <= at,
  )
  const removed = new Set(heads.map((row) => row.memory.id))
  // Ids never cross namespaces, so following `supersededBy` stays inside the head's namespace.
  for (let grew = true; grew; ) {
    grew = false
    for (const row of inScope) {
      const next = row.memory.supersededBy
      if (next !== null && removed.has(next) && !removed.has(row.memory.id)) {
        removed.add(row.memory.id)
        grew = true
      }
    }
  }
  let chunks = 0
  const namespaces = new Set<string>()
  for (const id of removed) {
    const row = state.rows.get(id)!
    chunks += row.chunks.length
    namespaces.add(row.memory.namespace)
    state.rows.delete(id)
  }
  for (const row of state.rows.values()) {
    if (row.memory.linkedMemoryIds.some((id) => removed.has(id))) {
      row.memory.linkedMemoryIds = row.memory.linkedMemoryIds.filter((id) => !removed.has(id))
    }
  }
  return {
    expired: heads.length,
    history: removed.size - heads.length,
    chunks,
    namespaces: [...namespaces].sort(),
  }
}

import type { NamespaceStats } from '@agent-memory/core'
import { checkNamespace } from '../state/checkNamespace.js'
import type { InMemoryState } from '../state/InMemoryState.js'

/** `Store.stats`: counts per namespace, sorted by namespace. */
export async function rowStats(state: InMemoryState, namespace?: string): Promise<NamespaceStats[]> {
  if (namespace !== undefined) checkNamespace(namespace)
  const byNamespace = new Map<string, NamespaceStats>()
  for (const row of state.rows.values()) {
    const ns = row.memory.namespace
    if (namespace !== undefined && ns !== namespace) continue
    let stats = byNamespace.get(ns)
    if (!stats) {
      stats = { namespace: ns, total: 0, byTier: {}, pending: 0, failed: 0, superseded: 0, chunks: 0 }
      byNamespace.set(ns, stats)
    }
    stats.total++
    stats.byTier[row.memory.tier] = (stats.byTier[row.memory.tier] ?? 0) + 1
    if (row.memory.embedState === 'pending') stats.pending++
    if (row.memory.embedState === 'failed') stats.failed++
    if (row.memory.supersededBy !== null) stats.superseded++
    stats.chunks += row.chunks.length
  }
  return [...byNamespace.values()].sort((a, b) =>
    a.namespace < b.namespace ? -1 : a.namespace > b.namespace ? 1 : 0,
  )
}

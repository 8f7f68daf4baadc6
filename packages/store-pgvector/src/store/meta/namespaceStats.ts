import type { NamespaceStats, Tier } from '@agent-memory/core'
import { checkNamespace } from '../context/checkNamespace.js'
import type { StoreContext } from '../context/StoreContext.js'

/**
 * `Store.stats`: per-namespace counts (by tier, pending, failed, superseded, chunks), sorted by
 * namespace, with the namespace's HNSW index and the recall guard's figure where it has either.
 */
export async function namespaceStats(context: StoreContext, namespace?: string): Promise<NamespaceStats[]> {
  const ns = namespace === undefined ? undefined : checkNamespace(namespace)
  return context.executor.transaction(async (sql) => {
    const memoryRows = await sql.query<Record<string, unknown>>(
      `SELECT namespace, tier, count(*)::int AS total,
           count(*) FILTER (WHERE embed_state = 'pending')::int AS pending,
           count(*) FILTER (WHERE embed_state = 'failed')::int AS failed,
           count(*) FILTER (WHERE superseded_by IS NOT NULL)::int AS superseded
         FROM memories WHERE ($1::text IS NULL OR namespace = $1) GROUP BY namespace, tier`,
      [ns ?? null],
    )
    const chunkRows = await sql.query<Record<string, unknown>>(
      `SELECT namespace, count(*)::int AS chunks FROM memory_chunks
         WHERE ($1::text IS NULL OR namespace = $1) GROUP BY namespace`,
      [ns ?? null],
    )
    const byNamespace = new Map<string, NamespaceStats>()
    const entry = (name: string): NamespaceStats => {
      let stats = byNamespace.get(name)
      if (stats === undefined) {
        stats = { namespace: name, total: 0, byTier: {}, pending: 0, failed: 0, superseded: 0, chunks: 0 }
        byNamespace.set(name, stats)
      }
      return stats
    }
    for (const row of memoryRows.rows) {
      const stats = entry(String(row.namespace))
      const total = Number(row.total)
      stats.total += total
      stats.byTier[row.tier as Tier] = total
      stats.pending += Number(row.pending)
      stats.failed += Number(row.failed)
      stats.superseded += Number(row.superseded)
    }
    for (const row of chunkRows.rows) entry(String(row.namespace)).chunks = Number(row.chunks)
    const vectorRows = await sql.query<{
      namespace: string
      indexed: boolean
      samples: number
      recall: number | null
    }>(
      `SELECT namespace, bool_or(indexed) AS indexed, sum(samples)::int AS samples,
           sum(recall_sum) / nullif(sum(samples), 0) AS recall
         FROM (SELECT namespace, true AS indexed, 0 AS samples, 0::float8 AS recall_sum
                 FROM agent_memory_vector_indexes WHERE table_name = 'memories'
               UNION ALL
               SELECT namespace, false, samples, recall_sum FROM agent_memory_recall_samples) v
         WHERE ($1::text IS NULL OR namespace = $1) GROUP BY namespace`,
      [ns ?? null],
    )
    for (const row of vectorRows.rows) {
      const stats = byNamespace.get(String(row.namespace))
      if (stats === undefined) continue
      stats.vectorSearch = {
        indexed: row.indexed === true,
        recallSamples: Number(row.samples),
        recall: row.recall === null ? null : Number(row.recall),
      }
    }
    return [...byNamespace.values()].sort((a, b) =>
      a.namespace < b.namespace ? -1 : a.namespace > b.namespace ? 1 : 0,
    )
  })
}

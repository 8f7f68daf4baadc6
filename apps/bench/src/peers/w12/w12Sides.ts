import type { W12SideSpec } from './W12SideSpec.js'
import type { W12Variant } from './W12Variant.js'

/**
 * The sides of a W12 pass: ours (PostgreSQL and embedded) and mem0 on the bench's Node; ours
 * again, Mastra on its default IVFFlat index and Mastra on the HNSW index its docs recommend on
 * Node 24 (Mastra needs ≥ 22.13), so no ratio measures the runtime. A pass with added latency
 * leaves out the embedded store (it has no round trips to PostgreSQL); the smoke run leaves out
 * Mastra on HNSW (the same library on another index).
 */
export function w12Sides(
  variant: W12Variant,
  node24: string | { reason: string },
  smoke: boolean,
): W12SideSpec[] {
  const here = process.versions.node
  const sides: W12SideSpec[] = [
    { key: 'ours_pg', label: `ours (PG), Node ${here}`, side: 'ours-postgres', node: process.execPath },
    {
      key: 'ours_embedded',
      label: `ours (embedded), Node ${here}`,
      side: 'ours-embedded',
      node: process.execPath,
    },
    {
      key: 'mem0',
      label: `mem0, Node ${here}`,
      side: 'mem0',
      node: process.execPath,
      versus: { key: 'ours_pg', name: 'mem0' },
    },
    { key: 'ours_pg_24', label: 'ours (PG), Node 24', side: 'ours-postgres', node: node24 },
    {
      key: 'mastra',
      label: 'Mastra (IVFFlat, its default), Node 24',
      side: 'mastra',
      mastraIndex: 'ivfflat',
      node: node24,
      versus: { key: 'ours_pg_24', name: 'Mastra IVFFlat' },
    },
    {
      key: 'mastra_hnsw',
      label: 'Mastra (HNSW, as its docs recommend), Node 24',
      side: 'mastra',
      mastraIndex: 'hnsw',
      node: node24,
      versus: { key: 'ours_pg_24', name: 'Mastra HNSW' },
    },
  ]
  return sides.filter(
    (spec) =>
      !(variant.addedLatencyMs > 0 && spec.side === 'ours-embedded') &&
      !(smoke && spec.key === 'mastra_hnsw'),
  )
}

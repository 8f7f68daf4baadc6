import { forgetIndexFacts } from '../context/forgetIndexFacts.js'
import type { StoreContext } from '../context/StoreContext.js'
import { buildNamespaceIndex } from './buildNamespaceIndex.js'
import type { EfCalibration } from './calibrateEfSearch.js'
import { calibrateNamespaceIndex } from './calibrateNamespaceIndex.js'
import { dropNamespaceIndex } from './dropNamespaceIndex.js'
import { HNSW_BUILD, type HnswGraph } from './HNSW_BUILD.js'
import type { VectorTable } from './VectorTable.js'

/**
 * Replaces `namespace`'s sparse index (`sparseIndex`, just calibrated as `sparse`) with the dense
 * graph when that calibration needed a walk wider than `HNSW_BUILD.denseAboveEfSearch`: the dense
 * graph is built beside it (the sparse one serves searches meanwhile), takes its place in the
 * registry, and the sparse one is dropped. The dense graph is then calibrated on the same probes
 * and their exact answers. Returns the index searches now walk and its calibration; the sparse ones
 * when the data was easy enough for them, when nothing could be measured (`sparse` null), or when
 * the dense build could not be made (a concurrent build of it holds its lock; the store is closing).
 */
export async function densifyNamespaceIndex(
  context: StoreContext,
  table: VectorTable,
  namespace: string,
  rows: number,
  sparseIndex: string,
  sparse: EfCalibration | null,
): Promise<{ index: string; calibration: EfCalibration | null; graph: HnswGraph }> {
  const kept = { index: sparseIndex, calibration: sparse, graph: 'sparse' as const }
  if (sparse === null || sparse.efSearch <= HNSW_BUILD.denseAboveEfSearch) return kept
  const dense = await buildNamespaceIndex(context, table, namespace, rows, 'dense')
  if (dense === null) return kept
  // Registered in its place by the build: searches walk the dense graph from the next plan on.
  forgetIndexFacts(context, table)
  await dropNamespaceIndex(context, table, undefined, sparseIndex)
  const calibration = await calibrateNamespaceIndex(context, table, namespace, sparse.truths)
  return { index: dense, calibration, graph: 'dense' }
}

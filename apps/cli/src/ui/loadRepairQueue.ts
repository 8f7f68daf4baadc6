import type { InspectorDeps } from './InspectorDeps.js'

/** The repair page: what waits for a vector (or was parked) and the reason repair recorded. */
export async function loadRepairQueue(deps: InspectorDeps, namespace?: string) {
  const [entries, stats] = await Promise.all([
    deps.store.repairQueue({ limit: 200, ...(namespace === undefined ? {} : { namespace }) }),
    deps.store.repairStats(namespace),
  ])
  return { stats, entries }
}

import type { BenchReport, BenchRun } from './BenchReport.js'

/**
 * A partial run (`--only`) folded into the previous run of the same kind: its workloads, curves
 * and ingest rates replace the previous ones with the same workload id, the rest are kept, each
 * with the command that produced it (the run's own `command` is the latest one, not a history).
 * A previous run of another mode or size is not mixed in.
 */
export function mergeBenchRun(previous: BenchReport, key: 'bench' | 'benchLarge', run: BenchRun): BenchRun {
  const old = previous[key]
  if (!old || old.mode !== run.mode || old.size !== run.size) return run
  const fresh = new Set(run.workloads.map((w) => w.id))
  const order = [
    ...old.workloads.map((w) => w.id),
    ...run.workloads.map((w) => w.id).filter((id) => !old.workloads.some((w) => w.id === id)),
  ]
  const byId = new Map([...old.workloads, ...run.workloads].map((w) => [w.id, w]))
  return {
    ...run,
    environment: { ...old.environment, ...run.environment },
    workloads: order.map((id) => (fresh.has(id) ? run.workloads.find((w) => w.id === id)! : byId.get(id)!)),
    curves: [...old.curves.filter((c) => !c.workload || !fresh.has(c.workload)), ...run.curves],
    ingestRates: [
      ...old.ingestRates.filter((r) => !r.workload || !fresh.has(r.workload)),
      ...run.ingestRates,
    ],
  }
}

import { percentile } from '../harness/percentile.js'
import type { SoakGauge } from './SoakGauge.js'
import type { SoakCell } from './SoakRecorder.js'
import type { SoakVerdict } from './SoakVerdict.js'

/** The thresholds a soak is held to. */
export interface SoakThresholds {
  /** Windows at the start that are not judged: the store's caches, indexes and the JIT settle there. */
  warmupWindows: number
  /** Last window's p50 over the first judged window's, per operation. */
  maxDrift: number
  /** A p50 rise smaller than this (ms) is scheduling noise on a shared machine, not drift. */
  driftSlackMs: number
  /** Fewer successful calls than this in either window: the p50 is not judged. */
  minSamples: number
  /** RSS after GC: last window over the first judged one. */
  maxGrowth: number
  /** The floor of open descriptors: last window over the first judged one. */
  maxDescriptorGrowth: number
}

/**
 * Judges a soak: any error outside the injected faults, a p50 drift past `maxDrift`, or RSS or
 * open descriptors growing past `maxGrowth` between the first judged window and the last.
 * `cells` are keyed `op@path`; drift is judged per operation over all its paths (each window
 * has the same clients, so the same mix of paths).
 */
export function judgeSoak(
  cells: ReadonlyMap<string, readonly SoakCell[]>,
  gauges: readonly SoakGauge[],
  thresholds: SoakThresholds,
  /** Latencies (ms) per window of a probe that does no store work: how fast the machine itself was. */
  probe: readonly (readonly number[])[] = [],
): SoakVerdict {
  const failures: string[] = []
  const byOp = new Map<string, number[][]>()
  for (const [key, windows] of cells) {
    if (key.startsWith('probe@')) continue
    const errors = windows.reduce((sum, cell) => sum + cell.errors, 0)
    if (errors > 0) {
      const message = windows.flatMap((cell) => cell.messages)[0] ?? ''
      failures.push(`${key}: ${errors} error(s) outside the injected faults (${message})`)
    }
    const op = key.split('@')[0]!
    const merged = byOp.get(op) ?? []
    windows.forEach((cell, i) => {
      merged[i] = [...(merged[i] ?? []), ...cell.latencies]
    })
    byOp.set(op, merged)
  }
  const lastWindow = Math.max(...gauges.map((gauge) => gauge.window), thresholds.warmupWindows)
  const first = thresholds.warmupWindows
  const drift = new Map<string, number | null>()
  // A machine that got slower for everyone (other processes on a shared machine) slows the probe
  // as much as the store; only a slowdown beyond the probe's is the store's drift.
  const probeA = probe[first] ?? []
  const probeB = probe[lastWindow] ?? []
  const machine =
    probeA.length >= thresholds.minSamples && probeB.length >= thresholds.minSamples
      ? Math.max(1, percentile(sorted(probeB), 50) / percentile(sorted(probeA), 50))
      : 1
  for (const [op, windows] of byOp) {
    const a = windows[first] ?? []
    const b = windows[lastWindow] ?? []
    if (first >= lastWindow || a.length < thresholds.minSamples || b.length < thresholds.minSamples) {
      drift.set(op, null)
      continue
    }
    const p50a = percentile(sorted(a), 50)
    const p50b = percentile(sorted(b), 50)
    const ratio = p50b / p50a / machine
    drift.set(op, ratio)
    if (ratio > thresholds.maxDrift && p50b - p50a > thresholds.driftSlackMs) {
      failures.push(
        `${op}: p50 drifted ${ratio.toFixed(2)}× (${p50a.toFixed(2)} → ${p50b.toFixed(2)} ms, the machine ${machine.toFixed(2)}× slower), above ${thresholds.maxDrift}×`,
      )
    }
  }
  const gaugeAt = (window: number) => gauges.find((gauge) => gauge.window === window)
  const from = gaugeAt(first)
  const to = gaugeAt(lastWindow)
  let rssRatio: number | null = null
  let fdRatio: number | null = null
  if (from !== undefined && to !== undefined && first < lastWindow) {
    rssRatio = to.rssAfterGc / from.rssAfterGc
    fdRatio = to.fdFloor / Math.max(1, from.fdFloor)
    const limit = 1 + thresholds.maxGrowth
    if (rssRatio > limit) {
      failures.push(
        `RSS after GC grew ${((rssRatio - 1) * 100).toFixed(1)}% (${mb(from.rssAfterGc)} → ${mb(to.rssAfterGc)} MB) after warm-up`,
      )
    }
    if (fdRatio > 1 + thresholds.maxDescriptorGrowth) {
      failures.push(`open file descriptors grew from ${from.fdFloor} to ${to.fdFloor} after warm-up`)
    }
  }
  return { failures, drift, machine, rssRatio, fdRatio }
}

const sorted = (values: readonly number[]) => [...values].sort((x, y) => x - y)
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1)

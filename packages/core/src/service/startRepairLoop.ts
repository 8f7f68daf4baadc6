import type { MemoryService, RepairReport } from './MemoryService.js'

/** How often the background repair loop runs and how it reports. */
export interface RepairLoopOptions {
  /** Pause between passes that found nothing to do. */
  intervalMs: number
  /** Stops the loop; the returned promise resolves once the current pass ends. */
  signal: AbortSignal
  /** Rows per pass (default: the service's repair batch size). */
  limit?: number
  namespace?: string
  /** Sees every pass's report. */
  onReport?: (report: RepairReport) => void
  /** Sees a pass that threw; the loop carries on after `intervalMs`. */
  onError?: (error: unknown) => void
}

/**
 * Runs `service.repair()` until `signal` aborts: back to back while passes find work, then every
 * `intervalMs`. Never rejects; failures go to `onError`. For a scheduler (cron, a queue), call
 * `service.repair()` directly instead.
 */
export async function startRepairLoop(
  service: Pick<MemoryService, 'repair'>,
  options: RepairLoopOptions,
): Promise<void> {
  const { signal } = options
  while (!signal.aborted) {
    let busy = false
    try {
      const report = await service.repair({
        signal,
        ...(options.limit !== undefined ? { limit: options.limit } : {}),
        ...(options.namespace !== undefined ? { namespace: options.namespace } : {}),
      })
      options.onReport?.(report)
      // Only a pass that made progress earns an immediate next pass; failures wait for backoff.
      busy = report.repaired + report.discarded > 0
    } catch (error) {
      if (signal.aborted) break
      try {
        options.onError?.(error)
      } catch {
        // The hook's own failure must not end the loop.
      }
    }
    if (!busy) await sleep(options.intervalMs, signal)
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })
}

import type { ServiceContext } from '../context/ServiceContext.js'
import { sweepExpiredMemories } from './sweepExpiredMemories.js'

/**
 * The `sweepIntervalMs` sweep: one `sweep()` of every namespace per period, never two at once (a
 * slow sweep skips the periods it overlaps). The timer does not keep the process alive; `stop`
 * ends it and waits for a sweep in progress.
 */
export function startBackgroundSweep(context: ServiceContext): { stop(): Promise<void> } {
  const interval = context.sweepIntervalMs
  if (interval === undefined) return { stop: async () => undefined }
  let running: Promise<void> | undefined
  const timer = setInterval(() => {
    if (running !== undefined) return
    running = sweepExpiredMemories(context)
      .then(
        () => undefined,
        (error) => context.report(error, 'sweep'),
      )
      .finally(() => {
        running = undefined
      })
  }, interval)
  timer.unref?.()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}

/** Sleeps a fake server can cancel all at once when it closes (so a test run never waits on them). */
export function createTimers(): { wait(ms: number): Promise<void>; clear(): void } {
  const timers = new Set<NodeJS.Timeout>()
  return {
    wait: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer)
          resolve()
        }, ms)
        timers.add(timer)
      }),
    clear() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
  }
}

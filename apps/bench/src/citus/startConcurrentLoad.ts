import type { AnswerVerdict } from './AnswerVerdict.js'
import type { LoadLedger } from './LoadLedger.js'

export interface LoadWrite {
  namespace: string
  id: string
  run(): Promise<void>
}

export interface ConcurrentLoadOptions {
  searchers: number
  writers: number
  /** Search number `i` (of all searchers together), judged. */
  search(i: number): Promise<AnswerVerdict>
  /** Write number `i` (of all writers together). */
  write(i: number): LoadWrite
}

const errorText = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error)

/**
 * Starts `searchers` + `writers` loops, each issuing its next call when the last one returns, every
 * outcome recorded in `ledger`, until the returned `stop` is called (it resolves when every loop has
 * finished its call in flight).
 */
export function startConcurrentLoad(
  ledger: LoadLedger,
  options: ConcurrentLoadOptions,
): { stop(): Promise<void> } {
  let running = true
  let searchCount = 0
  let writeCount = 0
  const searcher = async () => {
    while (running) {
      const start = performance.now()
      const verdict = await options
        .search(searchCount++)
        .catch((error: unknown): AnswerVerdict => ({ kind: 'failed', why: errorText(error) }))
      ledger.search(verdict, performance.now() - start)
    }
  }
  const writer = async () => {
    while (running) {
      const write = options.write(writeCount++)
      const start = performance.now()
      try {
        await write.run()
        ledger.written(write.namespace, write.id, performance.now() - start)
      } catch (error) {
        ledger.writeFailed(write.namespace, write.id, errorText(error))
      }
    }
  }
  const loops = [
    ...Array.from({ length: options.searchers }, searcher),
    ...Array.from({ length: options.writers }, writer),
  ]
  return {
    stop: async () => {
      running = false
      await Promise.all(loops)
    },
  }
}

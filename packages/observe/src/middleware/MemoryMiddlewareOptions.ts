import type { MemoryService } from '@agent-memory/core'
import type { ObserveOptions } from '../observe/ObserveOptions.js'
import type { ObserveReport } from '../observe/ObserveReport.js'

/** What `createMemoryMiddleware` recalls into the prompt, for whom, and how it observes the turn. */
export interface MemoryMiddlewareOptions {
  memory: MemoryService
  /** The user, from the application's session. Fixed for the wrapped model; never taken from a prompt. */
  namespace: string
  /** Hits recalled for the latest user message. Default 5 (1..10, like `memory_search`). */
  limit?: number
  /** Token budget of the recalled block. Default 800. */
  maxTokens?: number
  /** Budget for the recall; past it the block says memory is unavailable. Default 3000 ms. */
  timeoutMs?: number
  /**
   * Observe each exchange after the response (never delaying it): the conversation so far plus
   * the reply go to `observe` with these options, one exchange at a time. The model here should be
   * the unwrapped one.
   */
  observe?: Omit<ObserveOptions, 'signal' | 'dryRun'> & {
    /** Called with each turn's report once it is observed (what was added, reinforced, superseded, refused). */
    onReport?: (report: ObserveReport) => void
  }
  /**
   * The namespace's profile (`memory.profile`) in its own fenced block before the recall block:
   * the same lines every turn while nothing changes, so the prompt prefix stays cacheable. Read
   * once per user turn; left out when empty or when it fails. `false` turns it off. Default
   * `{ maxTokens: 400 }`.
   */
  profile?: false | { maxTokens?: number }
  /** Receives a failed recall, profile or observe (the model only ever sees the fixed sentence). */
  onError?: (error: unknown, context: { operation: 'recall' | 'profile' | 'observe' }) => void
}

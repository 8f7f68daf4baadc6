import type { MemoryService } from '@agent-memory/core'

/**
 * What a tool call runs against. Every field comes from the host's session, never from the model:
 * the namespace (the user) in particular is bound here and no tool has an argument for it.
 */
export interface MemoryToolContext {
  memory: MemoryService
  namespace: string
  signal?: AbortSignal
  /**
   * Receives the error behind a "temporarily unavailable" answer, for the host's logs. The model
   * only ever gets the fixed sentence.
   */
  onError?: (error: unknown, context: { tool: string }) => void
}

import type { MemoryService } from '@agent-memory/core'
import type { MemoryToolSelection } from '../../run/MemoryToolSelection.js'

/**
 * Where the namespace (the user) comes from: bound once at creation (one tool set per session),
 * or read from the SDK's per-call context (`generateText({ experimental_context })`). Never from
 * the model.
 */
export interface AiSdkMemoryToolsOptions extends MemoryToolSelection {
  memory: MemoryService
  /** A fixed namespace for every call; when set, the per-call context is not consulted. */
  namespace?: string
  /**
   * Reads the namespace from `experimental_context`. Default: its `namespace` property
   * (`experimental_context: { namespace: session.userId }`).
   */
  namespaceFromContext?: (context: unknown) => string | undefined
  /** Receives the error behind an "unavailable" answer, for the host's logs. */
  onError?: (error: unknown, context: { tool: string }) => void
}

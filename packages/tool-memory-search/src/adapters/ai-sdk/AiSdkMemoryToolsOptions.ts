import type { MemoryService } from '@agent-memory/core'
import type { MemoryToolSelection } from '../../run/MemoryToolSelection.js'

interface AiSdkMemoryToolsCommonOptions extends MemoryToolSelection {
  memory: MemoryService
  /** Receives the error behind an "unavailable" answer, for the host's logs. */
  onError?: (error: unknown, context: { tool: string }) => void
}

/**
 * Where the namespace (the user) comes from, exactly one of: bound once at creation (one tool set
 * per session), or read from the SDK's per-call context (`generateText({ experimental_context })`).
 * Never from the model. A tool set given neither, or an invalid `namespace`, is refused when it is
 * created: a programming error must not look like an outage to the model.
 */
export type AiSdkMemoryToolsOptions = AiSdkMemoryToolsCommonOptions &
  (
    | {
        /** The namespace of every call (validated at creation). */
        namespace: string
        namespaceFromContext?: undefined
      }
    | {
        namespace?: undefined
        /**
         * Reads the namespace from `experimental_context` on every call, e.g.
         * `namespaceFromExperimentalContext` for `experimental_context: { namespace: session.userId }`.
         */
        namespaceFromContext: (context: unknown) => string | undefined
      }
  )

import type { MemoryService } from '@agent-memory/core'
import type { MemoryToolSelection } from '../../run/MemoryToolSelection.js'

interface AgentsSdkMemoryToolsCommonOptions extends MemoryToolSelection {
  memory: MemoryService
  /** Receives the error behind an "unavailable" answer, for the host's logs. */
  onError?: (error: unknown, context: { tool: string }) => void
}

/**
 * Where the namespace (the user) comes from, exactly one of: bound once at creation, or read on
 * every call from the run context (`run(agent, input, { context })`), typed as your context.
 * Never from the model. Given neither, or an invalid `namespace`, the tools are refused when they
 * are created: a programming error must not look like an outage to the model.
 */
export type AgentsSdkMemoryToolsOptions<TContext = unknown> = AgentsSdkMemoryToolsCommonOptions &
  (
    | {
        /** The namespace of every call (validated at creation). */
        namespace: string
        namespaceFromContext?: undefined
      }
    | {
        namespace?: undefined
        /**
         * Reads the namespace from the run context on every call, e.g. `(context) => context.userId`
         * for `run(agent, input, { context: { userId: session.userId } })`.
         */
        namespaceFromContext: (context: TContext) => string | undefined
      }
  )

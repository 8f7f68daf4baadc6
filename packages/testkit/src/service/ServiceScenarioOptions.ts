import type { Embedder } from '@agent-memory/core'

/** The settings of `describeServiceScenarios`. */
export interface ServiceScenarioOptions {
  /**
   * A real, deterministic embedder under which similar wording gives similar vectors (the
   * hashing embedder). The suite wraps it to inject faults and record what it was shown.
   */
  createEmbedder: () => Embedder
  /** Per-test timeout. Default 30 s. */
  timeoutMs?: number
  /**
   * The store keeps ids unique per namespace only (a distributed store): an id of another
   * namespace written through this one makes a memory of its own there instead of being refused.
   */
  idsUniquePerNamespace?: boolean
}

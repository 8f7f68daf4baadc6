import type { Embedder, Store } from '@agent-memory/core'
import { describe } from 'vitest'
import type { EmbedderIdentity } from '../store/StoreContractFactory.js'
import { describeConfidenceScenarios } from './scenarios/describeConfidenceScenarios.js'
import { describeDegradedScenarios } from './scenarios/describeDegradedScenarios.js'
import { describeFaultMatrixScenarios } from './scenarios/describeFaultMatrixScenarios.js'
import { describeImportanceScenarios } from './scenarios/describeImportanceScenarios.js'
import { describeLifecycleScenarios } from './scenarios/describeLifecycleScenarios.js'
import { describeLinkScenarios } from './scenarios/describeLinkScenarios.js'
import { describeNearDuplicateScenarios } from './scenarios/describeNearDuplicateScenarios.js'
import { describeProfileScenarios } from './scenarios/describeProfileScenarios.js'
import { describeReinforcementScenarios } from './scenarios/describeReinforcementScenarios.js'
import { describeRememberScenarios } from './scenarios/describeRememberScenarios.js'
import { describeSweepScenarios } from './scenarios/describeSweepScenarios.js'
import { openServiceScenarios } from './scenarios/openServiceScenarios.js'

export interface ServiceScenarioHandle {
  store: Store
  /** Closes the store and removes what the factory created. */
  cleanup(): Promise<void>
}

/** Opens one fresh, empty store for `embedder`; the suite shares it, each case in its own namespaces. */
export type ServiceScenarioFactory = (embedder: EmbedderIdentity) => Promise<ServiceScenarioHandle>

export interface ServiceScenarioOptions {
  /**
   * A real, deterministic embedder under which similar wording gives similar vectors (the
   * hashing embedder). The suite wraps it to inject faults and record what it was shown.
   */
  createEmbedder: () => Embedder
  /** Per-test timeout. Default 30 s. */
  timeoutMs?: number
}

/**
 * The memory service (`createMemory`) end to end on a real store: write, dedup, update,
 * chunking, redaction, the degraded paths (embedder down or too slow on write and on read,
 * then `repair`), supersession with `asOf`, namespace isolation with look-alike names, and
 * forgetting. Run it once per backend; the store must also be a `ChunkStore` and a
 * `RepairStore` for the chunk and repair cases to pass.
 *
 * Composed of groups over one store (`describeRememberScenarios`,
 * `describeDegradedScenarios`, `describeLifecycleScenarios`, `describeSweepScenarios`,
 * `describeLinkScenarios`, `describeFaultMatrixScenarios`, `describeReinforcementScenarios`,
 * `describeConfidenceScenarios`, `describeImportanceScenarios`, `describeNearDuplicateScenarios`,
 * `describeProfileScenarios`).
 */
export function describeServiceScenarios(
  name: string,
  factory: ServiceScenarioFactory,
  options: ServiceScenarioOptions,
): void {
  describe(`Memory service scenarios: ${name}`, () => {
    const suite = openServiceScenarios(factory, options)
    describeRememberScenarios(suite)
    describeDegradedScenarios(suite)
    describeLifecycleScenarios(suite)
    describeSweepScenarios(suite)
    describeLinkScenarios(suite)
    describeFaultMatrixScenarios(suite)
    describeReinforcementScenarios(suite)
    describeConfidenceScenarios(suite)
    describeImportanceScenarios(suite)
    describeNearDuplicateScenarios(suite)
    describeProfileScenarios(suite)
  })
}

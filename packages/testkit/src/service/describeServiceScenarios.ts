import { describe } from 'vitest'
import type { ServiceScenarioFactory } from './ServiceScenarioFactory.js'
import type { ServiceScenarioOptions } from './ServiceScenarioOptions.js'
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
import { describeStoredVectorScenarios } from './scenarios/describeStoredVectorScenarios.js'
import { describeSweepScenarios } from './scenarios/describeSweepScenarios.js'
import { describeVectorFeedbackScenarios } from './scenarios/describeVectorFeedbackScenarios.js'
import { openServiceScenarios } from './scenarios/openServiceScenarios.js'

/**
 * The memory service (`createMemory`) end to end on a real store: write, dedup, update,
 * chunking, redaction, the degraded paths (embedder down or too slow on write and on read,
 * then `repair`), supersession with `asOf`, namespace isolation with look-alike names, and
 * forgetting, content the store holds never embedded again, and vector feedback from stored vectors. Run it once per backend; the store must also be a `ChunkStore` and a
 * `RepairStore` for the chunk and repair cases to pass.
 *
 * Composed of groups over one store (`describeRememberScenarios`,
 * `describeDegradedScenarios`, `describeLifecycleScenarios`, `describeSweepScenarios`,
 * `describeLinkScenarios`, `describeFaultMatrixScenarios`, `describeReinforcementScenarios`,
 * `describeConfidenceScenarios`, `describeImportanceScenarios`, `describeNearDuplicateScenarios`,
 * `describeProfileScenarios`, `describeStoredVectorScenarios`, `describeVectorFeedbackScenarios`).
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
    describeStoredVectorScenarios(suite)
    describeVectorFeedbackScenarios(suite)
  })
}

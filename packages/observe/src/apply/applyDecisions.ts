import type { MemoryService } from '@agent-memory/core'
import type { Decision } from '../decide/Decision.js'
import type { ObserveReport } from '../observe/ObserveReport.js'
import { toMemoryInput } from './toMemoryInput.js'

/**
 * Writes validated decisions through the service, in order, filling the report. `add` is a
 * `remember` (redaction, exact dedupe, chunking and pending embeds all apply); `reinforce`
 * re-remembers the target's exact content, which the service counts as a re-observation (access
 * and confidence grow); `supersede` is the service's `supersede` (the old memory tombstoned, its
 * validity ended, history kept). A target that is no longer live is refused, not resurrected.
 * A store error propagates: the caller reports what was applied before it.
 */
export async function applyDecisions(
  memory: MemoryService,
  namespace: string,
  decisions: readonly Decision[],
  report: ObserveReport,
  dryRun: boolean,
): Promise<void> {
  for (const decision of decisions) {
    const { candidate } = decision
    if (decision.action === 'ignore') {
      report.ignored.push({ content: candidate.content, reason: decision.reason })
      continue
    }
    if (decision.action === 'add') {
      if (dryRun) {
        report.added.push({ content: candidate.content })
        continue
      }
      const result = await memory.remember(namespace, toMemoryInput(candidate))
      if (result.status === 'reinforced')
        report.reinforced.push({ id: result.id, content: candidate.content })
      else report.added.push({ content: candidate.content, id: result.id, status: result.status })
      continue
    }
    const target = decision.target
    const current = dryRun ? target : await memory.get(namespace, target.id)
    if (!current || current.supersededBy !== null) {
      report.refused.push({
        stage: 'apply',
        reason: `the ${decision.action} target is no longer a live memory`,
        detail: candidate.content,
      })
      continue
    }
    if (decision.action === 'reinforce') {
      if (!dryRun) {
        const live = await memory.store.findByFingerprint(namespace, current.tier, current.fingerprint)
        if (live?.id !== current.id) {
          report.refused.push({
            stage: 'apply',
            reason: 'the reinforce target changed meanwhile',
            detail: candidate.content,
          })
          continue
        }
        await memory.remember(namespace, { content: current.content, tier: current.tier })
      }
      report.reinforced.push({ id: current.id, content: current.content })
      continue
    }
    const replacement = dryRun
      ? undefined
      : await memory.supersede(namespace, current.id, toMemoryInput(candidate))
    report.superseded.push({
      oldId: current.id,
      previous: current.content,
      content: candidate.content,
      ...(replacement ? { newId: replacement.id } : {}),
    })
  }
}

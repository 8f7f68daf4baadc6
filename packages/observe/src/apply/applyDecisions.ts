import { InvalidArgumentError, type MemoryService } from '@agent-memory/core'
import type { Decision } from '../decide/Decision.js'
import type { ObserveReport } from '../observe/ObserveReport.js'
import { possiblyStale } from './possiblyStale.js'
import { toMemoryInput } from './toMemoryInput.js'

/**
 * Writes validated decisions through the service, in order, filling the report. `add` is a
 * `remember` (redaction, exact dedupe, chunking and pending embeds all apply); `reinforce`
 * re-remembers the target's exact content, which the service counts as a re-observation (access
 * and confidence grow); `supersede` is the service's `supersede` (the old memory tombstoned, its
 * validity ended, history kept), and the memories linked to the old one are listed as possibly
 * stale; `relate` is a `remember` and a `link` to the target (the spec's "related" outcome: new,
 * neither a duplicate nor a contradiction). A reinforce or supersede target that is no longer live
 * is refused, not resurrected; a relate whose target went is still added, without the link.
 * A store error propagates: the caller reports what was applied before it.
 */
export async function applyDecisions(
  memory: MemoryService,
  namespace: string,
  decisions: readonly Decision[],
  report: ObserveReport,
  dryRun: boolean,
  at: Date,
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
    if (decision.action === 'relate') {
      await relate(memory, namespace, decision, report, dryRun)
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
    const stale = await possiblyStale(memory, namespace, current, at)
    const replacement = dryRun
      ? undefined
      : await memory.supersede(namespace, current.id, toMemoryInput(candidate))
    report.superseded.push({
      oldId: current.id,
      previous: current.content,
      content: candidate.content,
      ...(replacement ? { newId: replacement.id } : {}),
      ...(stale.length > 0 ? { possiblyStale: stale } : {}),
    })
  }
}

async function relate(
  memory: MemoryService,
  namespace: string,
  decision: Extract<Decision, { action: 'relate' }>,
  report: ObserveReport,
  dryRun: boolean,
): Promise<void> {
  const { candidate, target } = decision
  if (dryRun) {
    report.added.push({ content: candidate.content, linkedTo: target.id })
    return
  }
  const result = await memory.remember(namespace, toMemoryInput(candidate))
  if (result.status === 'reinforced') {
    // Already known word for word: a re-observation, not a new related fact.
    report.reinforced.push({ id: result.id, content: candidate.content })
    return
  }
  try {
    await memory.link(namespace, result.id, target.id)
  } catch (error) {
    if (!InvalidArgumentError.isInstance(error)) throw error
    report.added.push({ content: candidate.content, id: result.id, status: result.status })
    report.refused.push({
      stage: 'apply',
      reason: 'the relate target is no longer a live memory: added without the link',
      detail: candidate.content,
    })
    return
  }
  report.added.push({ content: candidate.content, id: result.id, status: result.status, linkedTo: target.id })
}

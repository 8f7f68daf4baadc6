import { InvalidArgumentError, type MemoryService, NamespaceSchema } from '@agent-memory/core'
import { z } from 'zod'
import { applyDecisions } from '../apply/applyDecisions.js'
import { DECIDE_PROMPT } from '../decide/DECIDE_PROMPT.js'
import { DecisionSchema } from '../decide/DecisionSchema.js'
import { decisionPrompt } from '../decide/decisionPrompt.js'
import { recallExisting } from '../decide/recallExisting.js'
import { validateDecisions } from '../decide/validateDecisions.js'
import { extractCandidates } from '../extract/extractCandidates.js'
import { serviceLedger } from '../ledger/serviceLedger.js'
import type { ObserveMessage } from '../messages/ObserveMessage.js'
import { toConversationTurns } from '../messages/toConversationTurns.js'
import { describeFailure } from './describeFailure.js'
import { generateStructured } from './generateStructured.js'
import type { ModelBudget } from './ModelBudget.js'
import type { ObserveOptions } from './ObserveOptions.js'
import type { ObserveReport } from './ObserveReport.js'
import { positiveInteger } from './positiveInteger.js'

/**
 * Memory from a conversation: extract candidate memories from the new messages with `model`,
 * recall what `namespace` already holds for each, let the model decide add / reinforce /
 * supersede / ignore against those (shown by local alias only), validate every decision, and write
 * the valid ones through the service. Returns a report of everything done and refused.
 *
 * All model and recall work happens before the first write: a model failure, a malformed answer
 * as a whole, a timeout or an abort writes nothing and says so in `failure`. Messages already
 * observed for this namespace are skipped, so observing the same messages twice changes nothing.
 */
export async function observe(
  memory: MemoryService,
  namespace: string,
  messages: readonly ObserveMessage[],
  options: ObserveOptions,
): Promise<ObserveReport> {
  if (!NamespaceSchema.safeParse(namespace).success) {
    throw new InvalidArgumentError('namespace', 'observe needs a valid namespace from the session')
  }
  if (!options || (typeof options.model !== 'object' && typeof options.model !== 'string')) {
    throw new InvalidArgumentError('model', 'observe needs an AI SDK language model')
  }
  const maxCandidates = positiveInteger('maxCandidates', options.maxCandidates, 10, 50)
  const maxNewMessages = positiveInteger('maxNewMessages', options.maxNewMessages, 40, 500)
  const contextMessages = positiveInteger('contextMessages', options.contextMessages, 10, 100, 0)
  const perCandidate = positiveInteger('existingPerCandidate', options.existingPerCandidate, 5, 20)
  const timeoutMs = positiveInteger('timeoutMs', options.timeoutMs, 60_000, 3_600_000)
  const dryRun = options.dryRun === true
  const turns = toConversationTurns(messages)
  const ledger = options.ledger ?? serviceLedger(memory)
  const sourceRoles = new Set(options.from === 'user-and-assistant' ? ['user', 'assistant'] : ['user'])

  const report: ObserveReport = {
    namespace,
    dryRun,
    messages: { total: turns.length, alreadyObserved: 0, processed: 0, deferred: 0 },
    added: [],
    reinforced: [],
    superseded: [],
    ignored: [],
    refused: [],
    usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0 },
  }
  const seen = await ledger.seen(
    namespace,
    turns.map((turn) => turn.key),
  )
  const fresh = turns.filter((turn) => !seen.has(turn.key))
  report.messages.alreadyObserved = turns.length - fresh.length
  const batch = fresh.slice(0, maxNewMessages)
  report.messages.processed = batch.length
  report.messages.deferred = fresh.length - batch.length
  const sources = new Set(batch.filter((turn) => sourceRoles.has(turn.role)).map((turn) => turn.n))
  if (sources.size === 0) {
    if (!dryRun)
      await ledger.record(
        namespace,
        batch.map((turn) => turn.key),
      )
    return report
  }

  const timeout = AbortSignal.timeout(timeoutMs)
  const budget: ModelBudget = {
    model: options.model,
    maxOutputTokens: positiveInteger('maxOutputTokens', options.maxOutputTokens, 2000, 100_000),
    maxRetries: positiveInteger('maxRetries', options.maxRetries, 2, 10, 0),
    signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
  }
  const first = batch[0]!.n
  const last = batch[batch.length - 1]!.n
  const shown = turns.filter(
    (turn) => turn.n >= first - contextMessages && turn.n <= last && turn.role !== 'tool',
  )
  let stage: 'extract' | 'recall' | 'decide' = 'extract'
  let decisions: ReturnType<typeof validateDecisions>['decisions'] = []
  try {
    const extraction = await extractCandidates(
      budget,
      shown,
      sources,
      maxCandidates,
      (options.now ?? (() => new Date()))(),
    )
    count(report, extraction)
    report.refused.push(...extraction.refused)
    if (extraction.candidates.length > 0) {
      stage = 'recall'
      const { table, refused } = await recallExisting(
        memory,
        namespace,
        extraction.candidates,
        perCandidate,
        budget.signal,
      )
      report.refused.push(...refused)
      budget.signal.throwIfAborted()
      stage = 'decide'
      const reply = await generateStructured(budget, {
        name: 'memory_decisions',
        system: DECIDE_PROMPT,
        prompt: decisionPrompt(table),
        schema: z.object({ decisions: z.array(DecisionSchema) }),
      })
      count(report, reply)
      const validated = validateDecisions(reply.value.decisions, table)
      report.refused.push(...validated.refused)
      decisions = validated.decisions
    }
    // Nothing has been written yet: an abort or timeout up to here leaves the store as it was.
    budget.signal.throwIfAborted()
  } catch (error) {
    report.failure = describeFailure(stage, error, options.signal, timeout)
    return report
  }
  try {
    await applyDecisions(memory, namespace, decisions, report, dryRun, (options.now ?? (() => new Date()))())
  } catch (error) {
    report.failure = describeFailure('write', error, options.signal, timeout)
    return report
  }
  if (dryRun) return report
  try {
    await ledger.record(
      namespace,
      batch.map((turn) => turn.key),
    )
  } catch (error) {
    report.failure = describeFailure('ledger', error, options.signal, timeout)
  }
  return report
}

function count(report: ObserveReport, call: { inputTokens: number; outputTokens: number }) {
  report.usage.modelCalls++
  report.usage.inputTokens += call.inputTokens
  report.usage.outputTokens += call.outputTokens
}

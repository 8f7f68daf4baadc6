import type { ObserveReport } from '@agent-memory/observe'
import type { ObserveJson } from '../json/ObserveJsonSchema.js'

/** The batches of one `observe` run as its single `--json` document: lists joined, counts summed. */
export function combineObserveReports(reports: readonly ObserveReport[]): ObserveJson {
  const first = reports[0]!
  const last = reports.at(-1)!
  return {
    version: 1,
    command: 'observe',
    namespace: first.namespace,
    dryRun: first.dryRun,
    messages: {
      total: first.messages.total,
      alreadyObserved: first.messages.alreadyObserved,
      processed: reports.reduce((sum, report) => sum + report.messages.processed, 0),
      deferred: last.messages.deferred,
    },
    added: reports.flatMap((report) => report.added),
    reinforced: reports.flatMap((report) => report.reinforced),
    superseded: reports.flatMap((report) => report.superseded),
    ignored: reports.flatMap((report) => report.ignored),
    refused: reports.flatMap((report) => report.refused),
    usage: {
      modelCalls: reports.reduce((sum, report) => sum + report.usage.modelCalls, 0),
      inputTokens: reports.reduce((sum, report) => sum + report.usage.inputTokens, 0),
      outputTokens: reports.reduce((sum, report) => sum + report.usage.outputTokens, 0),
    },
  }
}

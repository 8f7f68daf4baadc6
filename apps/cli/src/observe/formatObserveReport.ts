import type { ObserveReport } from '@agent-memory/observe'

/** The report for a person: one line per decision and refusal, then what happened overall. */
export function formatObserveReport(report: ObserveReport): string {
  const lines: string[] = []
  const { messages } = report
  lines.push(
    `${report.dryRun ? 'dry run: ' : ''}${messages.processed} new message(s) observed in ${report.namespace}` +
      (messages.alreadyObserved > 0 ? `, ${messages.alreadyObserved} already observed` : '') +
      (messages.deferred > 0 ? `, ${messages.deferred} left for the next run` : ''),
  )
  for (const added of report.added)
    lines.push(
      `+ add        ${added.content}${added.id ? `  (${added.id})` : ''}${added.linkedTo ? `  linked to ${added.linkedTo}` : ''}`,
    )
  for (const reinforced of report.reinforced)
    lines.push(`= reinforce  ${reinforced.content}  (${reinforced.id})`)
  for (const superseded of report.superseded) {
    lines.push(`~ supersede  ${superseded.previous} → ${superseded.content}  (${superseded.oldId})`)
    // Linked to the fact that changed: worth a look (moved city → the commute).
    for (const stale of superseded.possiblyStale ?? [])
      lines.push(`  ? possibly stale  ${stale.content}  (${stale.id})`)
  }
  for (const ignored of report.ignored) lines.push(`- ignore     ${ignored.content}  (${ignored.reason})`)
  for (const refused of report.refused) {
    lines.push(
      `! refused    ${refused.stage}: ${refused.reason}${refused.detail ? `  [${refused.detail}]` : ''}`,
    )
  }
  if (report.dryRun && report.failure === undefined) lines.push('dry run: nothing was written')
  return `${lines.join('\n')}\n`
}

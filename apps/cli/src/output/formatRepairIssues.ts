import type { RepairIssue } from '@agent-memory/core'
import { describeNextAttempt } from './describeNextAttempt.js'
import { escapeForTerminal } from './escapeForTerminal.js'

/**
 * What still waits for a vector and why, grouped by the recorded error (one embed call fails a
 * whole batch with the same reason): `  3 memories: EmbeddingError: … (next attempt …)`.
 */
export function formatRepairIssues(issues: RepairIssue[], now: Date = new Date()): string {
  const failed = issues.filter((issue) => issue.lastError !== null)
  if (failed.length === 0) return ''
  const groups = new Map<string, RepairIssue[]>()
  for (const issue of failed) {
    const key = `${issue.embedState}\u0000${issue.lastError}`
    groups.set(key, [...(groups.get(key) ?? []), issue])
  }
  const lines = [...groups.values()].map((group) => {
    const first = group.reduce((soonest, issue) =>
      (issue.nextAttemptAt?.getTime() ?? 0) < (soonest.nextAttemptAt?.getTime() ?? 0) ? issue : soonest,
    )
    const count = group.length === 1 ? `1 memory (${first.id})` : `${group.length} memories`
    return `  ${count}: ${first.lastError}; next attempt ${describeNextAttempt(first, now)}`
  })
  return escapeForTerminal(`why:\n${lines.join('\n')}\n`)
}

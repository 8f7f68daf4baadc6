import type { RepairIssue } from '@agent-memory/core'
import { formatTimestamp } from './formatTimestamp.js'

/** When repair tries a memory again, for people: `2026-03-01T10:00:05Z (in 4 s)`, `at the next repair`, or parked. */
export function describeNextAttempt(issue: RepairIssue, now: Date = new Date()): string {
  if (issue.embedState === 'failed') return `none: parked after ${issue.attempts} attempts`
  if (issue.nextAttemptAt === null || issue.nextAttemptAt.getTime() <= now.getTime()) {
    return 'at the next repair'
  }
  const seconds = Math.ceil((issue.nextAttemptAt.getTime() - now.getTime()) / 1000)
  const wait =
    seconds < 120
      ? `${seconds} s`
      : seconds < 7200
        ? `${Math.round(seconds / 60)} min`
        : `${Math.round(seconds / 3600)} h`
  return `${formatTimestamp(issue.nextAttemptAt)} (in ${wait})`
}

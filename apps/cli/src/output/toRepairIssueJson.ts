import type { RepairIssue } from '@agent-memory/core'
import type { RepairIssueJson } from '../json/RepairIssueJsonSchema.js'

/** A repair-queue record as `--json` documents carry it. */
export function toRepairIssueJson(issue: RepairIssue): RepairIssueJson {
  return {
    namespace: issue.namespace,
    id: issue.id,
    embedState: issue.embedState,
    attempts: issue.attempts,
    lastError: issue.lastError,
    nextAttemptAt: issue.nextAttemptAt === null ? null : issue.nextAttemptAt.toISOString(),
  }
}

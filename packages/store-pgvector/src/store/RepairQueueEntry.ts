import type { RepairIssue } from '@agent-memory/core'

/** A memory waiting for its vector, as the repair queue holds it, with its text (the inspector's repair page). */
export interface RepairQueueEntry extends RepairIssue {
  content: string
  createdAt: Date
}

import type { Memory, RepairIssue } from '@agent-memory/core'
import { describeNextAttempt } from './describeNextAttempt.js'
import { escapeForTerminal } from './escapeForTerminal.js'
import { formatTimestamp } from './formatTimestamp.js'

/**
 * Every field of a memory, one per line, for `get` and `history`; stored text is escaped for the
 * terminal. `repair`: the queue's record of a memory without a vector (why, and when it is retried).
 */
export function formatMemoryDetail(memory: Memory, repair?: RepairIssue): string {
  const rows: Array<[string, string]> = [
    ['id', memory.id],
    ['namespace', memory.namespace],
    ['tier', memory.tier + (memory.level === null ? '' : ` (${memory.level})`)],
    ['created', formatTimestamp(memory.createdAt)],
    ['updated', formatTimestamp(memory.updatedAt)],
    ['accessed', `${formatTimestamp(memory.lastAccessedAt)} (${memory.accessCount} times)`],
    ['importance', memory.importance.toFixed(2)],
    [
      'confidence',
      memory.confidence === null
        ? 'untracked'
        : `${memory.confidence.toFixed(2)} (observed ${formatTimestamp(memory.observedAt ?? memory.createdAt)})`,
    ],
    ['embedding', memory.embedState],
  ]
  if (repair !== undefined) {
    rows.push(['attempts', String(repair.attempts)])
    if (repair.lastError !== null) rows.push(['last error', repair.lastError])
    rows.push(['next attempt', describeNextAttempt(repair)])
  }
  if (memory.tags.length > 0) rows.push(['tags', memory.tags.join(', ')])
  if (memory.validFrom !== null || memory.validTo !== null) {
    rows.push(['valid', `${formatTimestamp(memory.validFrom)} → ${formatTimestamp(memory.validTo)}`])
  }
  if (memory.expiresAt !== null) rows.push(['expires', formatTimestamp(memory.expiresAt)])
  if (memory.supersededBy !== null) rows.push(['superseded by', memory.supersededBy])
  if (memory.linkedMemoryIds.length > 0) rows.push(['linked', memory.linkedMemoryIds.join(', ')])
  if (Object.keys(memory.metadata).length > 0) rows.push(['metadata', JSON.stringify(memory.metadata)])
  if (memory.summary !== null) rows.push(['summary', memory.summary])
  const width = Math.max(...rows.map(([label]) => label.length))
  const lines = rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`)
  return escapeForTerminal(`${lines.join('\n')}\n\n${memory.content}\n`)
}

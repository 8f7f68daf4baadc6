import type { Memory, RepairIssue } from '@agent-memory/core'
import type { ResolvedLink } from '../links/resolveMemoryLinks.js'
import { describeNextAttempt } from './describeNextAttempt.js'
import { escapeForTerminal } from './escapeForTerminal.js'
import { formatTimestamp } from './formatTimestamp.js'
import { preview } from './preview.js'

function describeLink(link: ResolvedLink): string {
  if (link.current === null) return `${link.id} (gone: forgotten, swept or expired)`
  const text = `"${preview(link.current.content, 60)}"`
  return link.state === 'live'
    ? `${link.id} ${text}`
    : `${link.id} → superseded by ${link.current.id} ${text}`
}

/**
 * Every field of a memory, one per line, for `get` and `history`; stored text is escaped for the
 * terminal. `repair`: the queue's record of a memory without a vector (why, and when it is retried);
 * `links`: its links resolved (`get`), else the stored ids are listed.
 */
export function formatMemoryDetail(
  memory: Memory,
  repair?: RepairIssue,
  links?: readonly ResolvedLink[],
): string {
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
  if (links !== undefined) {
    // Each link on a line of its own, as recall resolves it.
    for (const [index, link] of links.entries()) rows.push([index === 0 ? 'linked' : '', describeLink(link)])
  } else if (memory.linkedMemoryIds.length > 0) rows.push(['linked', memory.linkedMemoryIds.join(', ')])
  if (Object.keys(memory.metadata).length > 0) rows.push(['metadata', JSON.stringify(memory.metadata)])
  if (memory.summary !== null) rows.push(['summary', memory.summary])
  const width = Math.max(...rows.map(([label]) => label.length))
  const lines = rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`)
  return escapeForTerminal(`${lines.join('\n')}\n\n${memory.content}\n`)
}

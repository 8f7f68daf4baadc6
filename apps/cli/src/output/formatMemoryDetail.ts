import type { Memory } from '@agent-memory/core'
import { escapeForTerminal } from './escapeForTerminal.js'
import { formatTimestamp } from './formatTimestamp.js'

/** Every field of a memory, one per line, for `get` and `history`; stored text is escaped for the terminal. */
export function formatMemoryDetail(memory: Memory): string {
  const rows: Array<[string, string]> = [
    ['id', memory.id],
    ['namespace', memory.namespace],
    ['tier', memory.tier + (memory.level === null ? '' : ` (${memory.level})`)],
    ['created', formatTimestamp(memory.createdAt)],
    ['updated', formatTimestamp(memory.updatedAt)],
    ['accessed', `${formatTimestamp(memory.lastAccessedAt)} (${memory.accessCount} times)`],
    ['importance', memory.importance.toFixed(2)],
    ['confidence', memory.confidence === null ? 'untracked' : memory.confidence.toFixed(2)],
    ['embedding', memory.embedState],
  ]
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

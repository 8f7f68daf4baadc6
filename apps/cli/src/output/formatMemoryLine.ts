import type { Memory } from '@agent-memory/core'
import { escapeForTerminal } from './escapeForTerminal.js'
import { formatTimestamp } from './formatTimestamp.js'
import { preview } from './preview.js'

/** A memory as one list line: id, created, tier, flags, content preview. */
export function formatMemoryLine(memory: Memory): string {
  const flags = [
    memory.supersededBy === null ? '' : 'superseded',
    memory.embedState === 'ok' ? '' : `embed ${memory.embedState}`,
  ].filter((flag) => flag !== '')
  const flagText = flags.length === 0 ? '' : ` (${flags.join(', ')})`
  return `${escapeForTerminal(memory.id)}  ${formatTimestamp(memory.createdAt)}  ${memory.tier.padEnd(10)}${flagText} ${preview(memory.content, 80)}`
}

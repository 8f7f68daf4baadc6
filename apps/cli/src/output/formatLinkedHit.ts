import type { RecallHit } from '@agent-memory/core'
import { escapeForTerminal } from './escapeForTerminal.js'
import { formatTimestamp } from './formatTimestamp.js'
import { preview } from './preview.js'

/**
 * A memory `search --linked` appended because hit number `fromRank` links to it: no rank and no
 * score of its own (the query did not find it), then its id and tier.
 */
export function formatLinkedHit(hit: RecallHit, fromRank: number): string {
  const { memory } = hit
  const head = `  ↳ [linked from ${fromRank} | ${formatTimestamp(memory.createdAt)}] ${preview(memory.content, 120)}`
  return `${head}\n      ${escapeForTerminal(`id ${memory.id} · ${memory.tier} · linked from ${hit.linkedFrom}`)}`
}

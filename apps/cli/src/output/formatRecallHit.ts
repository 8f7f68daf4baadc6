import type { RecallHit } from '@agent-memory/core'
import { escapeForTerminal } from './escapeForTerminal.js'
import { formatRecallScores } from './formatRecallScores.js'
import { formatTimestamp } from './formatTimestamp.js'
import { preview } from './preview.js'

/**
 * A ranked search hit: rank, score, date and content, then (unless `compact`) id, tier, which
 * legs found it, and the passage that matched when a chunk did; `explain` adds the per-leg scores.
 */
export function formatRecallHit(
  hit: RecallHit,
  rank: number,
  options: { compact?: boolean; explain?: boolean } = {},
): string {
  const { memory } = hit
  const head = `${String(rank).padStart(2)}. [score ${hit.score.toFixed(2)} | ${formatTimestamp(memory.createdAt)}] ${preview(memory.content, options.compact ? 70 : 120)}`
  const chunk =
    hit.matchedChunk === undefined ? '' : `\n      matched passage: "${preview(hit.matchedChunk.text, 90)}"`
  if (options.compact === true) {
    const superseded = memory.supersededBy === null ? '' : ', superseded'
    return `${head}  (${hit.sources.join('+')}${superseded})${chunk}`
  }
  const details = [`id ${memory.id}`, memory.tier, `via ${hit.sources.join('+')}`]
  if (memory.supersededBy !== null) details.push(`superseded by ${memory.supersededBy}`)
  if (memory.tags.length > 0) details.push(`tags ${memory.tags.join(',')}`)
  const source = memory.metadata.source
  if (typeof source === 'string') details.push(`from ${source}`)
  const explained = options.explain === true ? `\n      ${formatRecallScores(hit.score, hit.scores)}` : ''
  return `${head}\n      ${escapeForTerminal(details.join(' · '))}${explained}${chunk}`
}

import type { RecallHit } from '@agent-memory/core'
import { formatTimestamp } from './formatTimestamp.js'
import { preview } from './preview.js'

/** A ranked search hit: rank, score, date, content, then where it came from. */
export function formatRecallHit(hit: RecallHit, rank: number): string {
  const { memory } = hit
  const head = `${String(rank).padStart(2)}. [score ${hit.score.toFixed(2)} | ${formatTimestamp(memory.createdAt)}] ${preview(memory.content, 120)}`
  const details = [`id ${memory.id}`, memory.tier, `via ${hit.sources.join('+')}`]
  if (memory.supersededBy !== null) details.push(`superseded by ${memory.supersededBy}`)
  if (memory.tags.length > 0) details.push(`tags ${memory.tags.join(',')}`)
  const source = memory.metadata.source
  if (typeof source === 'string') details.push(`from ${source}`)
  const chunk = hit.matchedChunk === undefined ? '' : `\n      matched: "${preview(hit.matchedChunk.text, 100)}"`
  return `${head}\n      ${details.join(' · ')}${chunk}`
}

import type { Memory } from '../../model/Memory.js'
import type { ScoredMemory } from '../../spec/ScoredMemory.js'
import type { RankedLeg } from '../fuseReciprocalRank.js'
import { compareStrings } from './compareStrings.js'
import type { LegHits } from './LegHits.js'
import type { RecallCandidates } from './RecallCandidates.js'

/** Memory and chunk vectors max-pooled per memory: its best score, which legs saw it, the best chunk. */
function poolSemantic(
  vector: readonly ScoredMemory[],
  chunk: readonly ScoredMemory[],
  memories: Map<string, Memory>,
): RecallCandidates['semantic'] {
  const semantic: RecallCandidates['semantic'] = new Map()
  for (const hit of vector) {
    if (!memories.has(hit.memory.id)) memories.set(hit.memory.id, hit.memory)
    semantic.set(hit.memory.id, { score: hit.score, sources: new Set(['vector']) })
  }
  for (const hit of chunk) {
    if (!memories.has(hit.memory.id)) memories.set(hit.memory.id, hit.memory)
    const current = semantic.get(hit.memory.id)
    if (!current) {
      semantic.set(hit.memory.id, {
        score: hit.score,
        sources: new Set(['chunk']),
        ...(hit.matchedChunk ? { chunk: hit.matchedChunk } : {}),
      })
      continue
    }
    current.sources.add('chunk')
    if (hit.score > current.score) {
      current.score = hit.score
      if (hit.matchedChunk) current.chunk = hit.matchedChunk
    }
  }
  return semantic
}

/**
 * Gathers the legs' hits per memory: memory and chunk vectors max-pooled into one semantic
 * leg (cut to `pool`, the depth every leg has in fusion; from the fed-back search when
 * `feedBackVectorLegs` ran, while each memory's cosine with the query itself stays what
 * thresholds see), keyword scores normalised by the leg's best, and the vector leg's cover floor.
 */
export function collectCandidates(hits: LegHits, pool: number, vectorPool: number): RecallCandidates {
  const memories = new Map<string, Memory>()
  const semantic = poolSemantic(hits.vector, hits.chunk, memories)
  const semanticSeen = hits.feedback
    ? poolSemantic(hits.feedback.vector, hits.feedback.chunk, memories)
    : semantic
  // Only the memory-vector pool's size bounds cosines outside it; the chunk leg is separate.
  const vectorFull = hits.vector.length >= vectorPool
  const coverFloor = vectorFull ? Math.max(0, Math.min(...hits.vector.map((hit) => hit.score))) : Infinity
  // The vector leg ran deeper only to measure cosines; fusion sees the same depth for every leg.
  const semanticLeg: RankedLeg = [...semanticSeen.entries()]
    .map(([id, entry]) => ({ id, score: entry.score }))
    .sort((a, b) => b.score - a.score || compareStrings(a.id, b.id))
    .slice(0, pool)
  const keywordLeg: RankedLeg = hits.keyword.map((hit) => ({ id: hit.memory.id, score: hit.score }))
  const keywordMax = hits.keyword.reduce((max, hit) => Math.max(max, hit.score), 0)
  const keywordScore = new Map<string, number>()
  for (const hit of hits.keyword) {
    if (!memories.has(hit.memory.id)) memories.set(hit.memory.id, hit.memory)
    keywordScore.set(hit.memory.id, keywordMax > 0 ? hit.score / keywordMax : 0)
  }
  return { memories, semantic, semanticSeen, semanticLeg, keywordLeg, keywordScore, coverFloor }
}

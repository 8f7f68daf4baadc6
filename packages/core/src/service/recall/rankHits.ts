import type { ServiceContext } from '../context/ServiceContext.js'
import type { RecallHit } from '../MemoryService.js'
import { rankingModifier } from '../rankingModifier.js'
import { commonWordOnlyMatches } from './commonWordOnlyMatches.js'
import { compareStrings } from './compareStrings.js'
import { denseRankRelevance } from './denseRankRelevance.js'
import { keywordEvidence } from './keywordEvidence.js'
import type { NeighbourLoan } from './NeighbourLoan.js'
import type { RecallCandidates } from './RecallCandidates.js'
import type { RecallPlan } from './RecallPlan.js'

function clampUnit(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0
}

/**
 * The keyword evidence (`keywordEvidence`: rarity-weighted share of the query's content words a
 * memory holds) that counts as much as a cosine at the embedder's threshold, for a lexical embedder.
 * A question with one content word ("Where do I live?") passes on it alone; one sharing a single
 * everyday word with a memory ("What year did the empire fall?" / "…last year") does not.
 */
const EVIDENCE_AT_THRESHOLD = 0.4

/**
 * Scores, thresholds and orders the fused memories: rank = fused relevance × `rankingModifier`
 * (bounded), ties by id, cut to `limit`. The `score` rules are documented on `recall`.
 */
export function rankHits(
  context: Pick<ServiceContext, 'fusion' | 'minScore' | 'now' | 'ranking'> &
    Partial<Pick<ServiceContext, 'lexicalEmbedder'>>,
  plan: Pick<RecallPlan, 'mode' | 'limit' | 'minScore'> & Partial<Pick<RecallPlan, 'query'>>,
  keywordOnly: boolean,
  fused: Map<string, number>,
  candidates: RecallCandidates,
  lent: ReadonlyMap<string, NeighbourLoan> = new Map(),
): RecallHit[] {
  const { memories, semantic, keywordScore, coverFloor } = candidates
  const inSemanticLeg = new Set(candidates.semanticLeg.map((hit) => hit.id))
  // RRF values are an order, not magnitudes (at k = 60 neighbours differ by ~1.6%), so a ±m
  // modifier on them would let quality jump a dozen places. For ranking, an RRF hit's
  // relevance is 1 / its dense fused rank: quality can then only swap neighbours whose places
  // p, p + 1 satisfy (p + 1) / p < (1 + m) / (1 − m), i.e. from place 5 down at m = 0.1.
  const relevanceOf = context.fusion === 'rrf' ? denseRankRelevance(fused) : fused
  const at = context.now()
  const keywordScale = keywordOnly || plan.mode === 'keyword'
  const ceiling = Math.min(context.minScore, coverFloor) * 0.999
  // A lexical embedder's cosine between any two sentences is raised by shared function words, so
  // in hybrid recall it counts towards a threshold only where the keyword leg agrees.
  const keywordMustAgree = context.lexicalEmbedder === true && plan.mode === 'hybrid'
  // Such a cosine cannot see that "I" is "the user": a keyword match is judged on its own evidence
  // (which of the query's words it holds, how rare they are), scaled so that EVIDENCE_AT_THRESHOLD
  // meets the embedder's threshold.
  const judgedQuery = keywordMustAgree && !keywordScale ? plan.query : undefined
  const evidence =
    judgedQuery === undefined
      ? new Map<string, number>()
      : keywordEvidence(judgedQuery, memories, keywordScore.keys())
  // A memory that shares with the question only words most candidates hold (the user's name, "user")
  // is there for those words: neither its cosine nor its keyword evidence counts towards a threshold.
  const commonOnly =
    judgedQuery === undefined ? new Set<string>() : commonWordOnlyMatches(judgedQuery, memories)
  const evidenceGate = (id: string): number =>
    clampUnit(((evidence.get(id) ?? 0) * context.minScore) / EVIDENCE_AT_THRESHOLD)
  const gateOf = (id: string): number => {
    const sem = semantic.get(id)
    const kw = keywordScore.get(id)
    if (keywordScale) return kw ?? 0
    if (commonOnly.has(id))
      return Math.min(ceiling, sem ? clampUnit(sem.score) : clampUnit((kw ?? 0) * ceiling))
    if (sem && (kw !== undefined || !keywordMustAgree))
      return Math.max(clampUnit(sem.score), evidenceGate(id))
    if (sem) return Math.min(clampUnit(sem.score), ceiling)
    return Math.max(clampUnit((kw ?? 0) * ceiling), evidenceGate(id))
  }
  const ranked: Array<{ hit: RecallHit; rank: number }> = []
  for (const [id, relevance] of relevanceOf) {
    const memory = memories.get(id)!
    const sem = semantic.get(id)
    const seen = inSemanticLeg.has(id) ? candidates.semanticSeen.get(id) : undefined
    const kw = keywordScore.get(id)
    const sources: RecallHit['sources'] = []
    if (seen) sources.push(...(['vector', 'chunk'] as const).filter((s) => seen.sources.has(s)))
    if (kw !== undefined) sources.push('keyword')
    const loan = lent.get(id)
    // A borrowed place borrows the same fraction of the lender's relevance: a neighbour of a hit
    // that clears a threshold by a wide margin clears it too; neighbours of weak hits do not.
    const gate = Math.max(gateOf(id), loan ? loan.fraction * gateOf(loan.from) : 0)
    if (!keywordScale && plan.minScore !== undefined && gate < plan.minScore) continue
    // The shown score is the ranking's own, so scores descend with the order.
    const modifier = rankingModifier(memory, at, context.ranking)
    const rank = relevance * modifier
    const scores: RecallHit['scores'] = { fused: relevance, modifier, relevance: gate }
    if (sem && seen) scores.semantic = clampUnit(sem.score)
    if (kw !== undefined) scores.keyword = kw
    if (loan) scores.neighbour = loan.amount
    const hit: RecallHit = { memory, score: clampUnit(rank), scores, sources }
    if (seen?.chunk && sources.includes('chunk')) hit.matchedChunk = seen.chunk
    ranked.push({ hit, rank })
  }
  ranked.sort((a, b) => b.rank - a.rank || compareStrings(a.hit.memory.id, b.hit.memory.id))
  return ranked.slice(0, plan.limit).map((entry) => entry.hit)
}

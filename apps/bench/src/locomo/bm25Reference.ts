import { PGlite } from '@electric-sql/pglite'
import { summarizeLatencies } from '../harness/summarizeLatencies.js'
import type { LocomoScores, LocomoVariant } from '../report/BenchReport.js'
import { bm25ReferenceRankings } from './bm25ReferenceRankings.js'
import type { LocomoData } from './LocomoData.js'
import { type QuestionScore, scoreRanking } from './scoreRanking.js'

function aggregate(scores: QuestionScore[]): LocomoScores {
  const mean = (pick: (s: QuestionScore) => number) =>
    scores.reduce((t, s) => t + pick(s), 0) / Math.max(1, scores.length)
  return {
    questions: scores.length,
    recallAny5: mean((s) => s.any5),
    recallAny10: mean((s) => s.any10),
    evidenceRecall5: mean((s) => s.evidence5),
    evidenceRecall10: mean((s) => s.evidence10),
    mrr: mean((s) => s.reciprocalRank),
    p50Ms: Number.NaN,
  }
}

/**
 * A same-run lexical reference, not part of the product: Okapi BM25 (k1 1.2, b 0.75) computed in
 * JS over Postgres's own lexemes of the same memory contents (`to_tsvector(config, …)`), one
 * index per conversation. It separates "how good can a keyword leg be on this data" from how our
 * store's keyword leg ranks, and is the same-run stand-in for the published BM25 baseline.
 */
export async function bm25Reference(data: LocomoData, config: 'english' | 'simple'): Promise<LocomoVariant> {
  const db = await PGlite.create()
  try {
    const rankings = await bm25ReferenceRankings(db, data, config)
    const scores: QuestionScore[] = []
    const byCategory = new Map<string, QuestionScore[]>()
    let at = 0
    for (const conversation of data.conversations) {
      for (const question of conversation.questions) {
        const ranking = rankings[at++]!.diaIds.map((diaId) => new Set([diaId]))
        const score = scoreRanking(ranking, question.evidence)
        scores.push(score)
        const list = byCategory.get(question.category) ?? []
        list.push(score)
        byCategory.set(question.category, list)
      }
    }
    const latencies = rankings.map((ranking) => ranking.ms)
    const overall = { ...aggregate(scores), p50Ms: summarizeLatencies(latencies).p50 }
    return {
      backend: `reference: BM25 in JS over to_tsvector('${config}') lexemes`,
      mode: 'keyword',
      fusion: null,
      overall,
      hits10: scores.map((s) => s.any10).join(''),
      byCategory: Object.fromEntries(
        [...byCategory].sort(([a], [b]) => a.localeCompare(b)).map(([c, list]) => [c, aggregate(list)]),
      ),
    }
  } finally {
    await db.close()
  }
}

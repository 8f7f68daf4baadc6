import { PGlite } from '@electric-sql/pglite'
import { summarizeLatencies } from '../harness/summarizeLatencies.js'
import type { LocomoScores, LocomoVariant } from '../report/BenchReport.js'
import type { LocomoData } from './LocomoData.js'
import { lexemeCounts } from './lexemeCounts.js'
import { type QuestionScore, scoreRanking } from './scoreRanking.js'
import { turnContent } from './turnContent.js'

const K1 = 1.2
const B = 0.75

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
    const scores: QuestionScore[] = []
    const byCategory = new Map<string, QuestionScore[]>()
    const latencies: number[] = []
    for (const conversation of data.conversations) {
      const docs = await lexemeCounts(db, config, conversation.turns.map(turnContent))
      const queries = await lexemeCounts(
        db,
        config,
        conversation.questions.map((q) => q.question),
      )
      const lengths = docs.map((d) => [...d.values()].reduce((s, n) => s + n, 0))
      const avgLength = lengths.reduce((s, n) => s + n, 0) / Math.max(1, lengths.length)
      const df = new Map<string, number>()
      for (const doc of docs) for (const term of doc.keys()) df.set(term, (df.get(term) ?? 0) + 1)
      const n = docs.length
      conversation.questions.forEach((question, qi) => {
        const started = process.hrtime.bigint()
        const terms = [...queries[qi]!.keys()]
        const scored: Array<{ doc: number; score: number }> = []
        docs.forEach((doc, di) => {
          let score = 0
          for (const term of terms) {
            const tf = doc.get(term)
            if (!tf) continue
            const idf = Math.log(1 + (n - df.get(term)! + 0.5) / (df.get(term)! + 0.5))
            score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * lengths[di]!) / avgLength))
          }
          if (score > 0) scored.push({ doc: di, score })
        })
        scored.sort((a, b) => b.score - a.score || a.doc - b.doc)
        const ranking = scored.slice(0, 10).map((s) => new Set([conversation.turns[s.doc]!.diaId]))
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6)
        const score = scoreRanking(ranking, question.evidence)
        scores.push(score)
        const list = byCategory.get(question.category) ?? []
        list.push(score)
        byCategory.set(question.category, list)
      })
    }
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

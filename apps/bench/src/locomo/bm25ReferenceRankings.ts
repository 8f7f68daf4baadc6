import type { PGlite } from '@electric-sql/pglite'
import type { LocomoData } from './LocomoData.js'
import { lexemeCounts } from './lexemeCounts.js'
import { turnContent } from './turnContent.js'

const K1 = 1.2
const B = 0.75

/** Per question (in file order): the reference's top 10 as dia ids, and how long ranking took in ms. */
export interface ReferenceRanking {
  diaIds: string[]
  ms: number
}

/**
 * The JS BM25 reference's rankings (see `bm25Reference`): Okapi BM25 (k1 1.2, b 0.75) over
 * `to_tsvector(config, …)` of each turn's content, a document's length its token count (or, to
 * isolate that one difference from the store's BM25, its distinct-lexeme count), one index per
 * conversation (a question with an `askedAt`: over the turns said before it); ties by turn order.
 */
export async function bm25ReferenceRankings(
  db: PGlite,
  data: LocomoData,
  config: 'english' | 'simple',
  length: 'tokens' | 'lexemes' = 'tokens',
): Promise<ReferenceRanking[]> {
  const rankings: ReferenceRanking[] = []
  for (const conversation of data.conversations) {
    const docs = await lexemeCounts(db, config, conversation.turns.map(turnContent))
    const queries = await lexemeCounts(
      db,
      config,
      conversation.questions.map((q) => q.question),
    )
    const lengths = docs.map((d) =>
      length === 'lexemes' ? d.size : [...d.values()].reduce((s, n) => s + n, 0),
    )
    const statistics = (visible: readonly number[]) => {
      const df = new Map<string, number>()
      for (const di of visible) for (const term of docs[di]!.keys()) df.set(term, (df.get(term) ?? 0) + 1)
      const avgLength = visible.reduce((s, di) => s + lengths[di]!, 0) / Math.max(1, visible.length)
      return { visible, df, avgLength, n: visible.length }
    }
    const whole = statistics(docs.map((_, di) => di))
    conversation.questions.forEach((question, qi) => {
      const started = process.hrtime.bigint()
      // A question asked inside the conversation ranks the turns said before it, with their statistics.
      const asked = question.askedAt
      const { visible, df, avgLength, n } =
        asked === null
          ? whole
          : statistics(
              conversation.turns.flatMap((turn, di) =>
                turn.createdAt !== null && turn.createdAt.getTime() <= asked.getTime() ? [di] : [],
              ),
            )
      const terms = [...queries[qi]!.keys()]
      const scored: Array<{ doc: number; score: number }> = []
      visible.forEach((di) => {
        const doc = docs[di]!
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
      const diaIds = scored.slice(0, 10).map((s) => conversation.turns[s.doc]!.diaId)
      rankings.push({ diaIds, ms: Number(process.hrtime.bigint() - started) / 1e6 })
    })
  }
  return rankings
}

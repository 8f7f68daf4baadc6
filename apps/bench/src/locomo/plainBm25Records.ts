import { PGlite } from '@electric-sql/pglite'
import { bm25ReferenceRankings } from './bm25ReferenceRankings.js'
import type { LocomoData } from './LocomoData.js'
import type { QuestionRecord } from './QuestionRecord.js'
import { scoreRanking } from './scoreRanking.js'

/**
 * A plain BM25 over the same turns (Okapi, k1 1.2, b 0.75, Postgres's `simple` lexemes: no
 * stemming, no stop words), scored like the service's rankings: the lexical floor a default must beat.
 */
export async function plainBm25Records(data: LocomoData): Promise<QuestionRecord[]> {
  const db = await PGlite.create()
  try {
    const rankings = await bm25ReferenceRankings(db, data, 'simple')
    const records: QuestionRecord[] = []
    let at = 0
    for (const [ci, conversation] of data.conversations.entries())
      for (const question of conversation.questions) {
        const ranking = rankings[at++]!
        records.push({
          conversation: ci,
          category: question.category,
          score: scoreRanking(
            ranking.diaIds.map((diaId) => new Set([diaId])),
            question.evidence,
          ),
          ms: ranking.ms,
        })
      }
    return records
  } finally {
    await db.close()
  }
}

import type { Embedder } from '@agent-memory/core'
import type { LocomoData } from './LocomoData.js'
import { turnContent } from './turnContent.js'

/**
 * For calibrating `minScore` on LoCoMo: every question's cosine with its evidence turns (related)
 * and with every other turn of its conversation (unrelated), and its best related cosine.
 */
export async function evidenceCosines(
  data: LocomoData,
  embedder: Embedder,
): Promise<{ related: number[]; unrelated: number[]; bestRelated: number[] }> {
  const related: number[] = []
  const unrelated: number[] = []
  const bestRelated: number[] = []
  for (const conversation of data.conversations) {
    const turns = await embedder.embed(conversation.turns.map(turnContent))
    const index = new Map(conversation.turns.map((turn, i) => [turn.diaId, i]))
    const questions = await embedder.embed(conversation.questions.map((q) => q.question))
    conversation.questions.forEach((question, q) => {
      const evidence = new Set(question.evidence.map((id) => index.get(id)))
      let best = -1
      turns.forEach((turn, t) => {
        let cosine = 0
        for (let d = 0; d < embedder.dimensions; d++) cosine += turn[d]! * questions[q]![d]!
        if (evidence.has(t)) {
          related.push(cosine)
          best = Math.max(best, cosine)
        } else unrelated.push(cosine)
      })
      bestRelated.push(best)
    })
  }
  return { related, unrelated, bestRelated }
}

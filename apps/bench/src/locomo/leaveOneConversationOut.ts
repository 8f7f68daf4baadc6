import type { QuestionRecord } from './QuestionRecord.js'

export interface LocoFold {
  conversation: number
  /** Index of the candidate chosen on the other conversations. */
  chosen: number
  /** The chosen candidate's records on the held-out conversation. */
  heldOut: QuestionRecord[]
}

function fitness(records: readonly QuestionRecord[], weightOf: (record: QuestionRecord) => number): number {
  // recall_any@10 first, recall_any@5 to break ties (a ranking that finds the same earlier is better).
  return records.reduce((t, r) => t + weightOf(r) * (r.score.any10 + r.score.any5 / 1000), 0)
}

/**
 * Leave-one-conversation-out: for each conversation, the candidate (a parameter setting; every
 * candidate's records cover the same questions in the same order) that scores best on the other
 * conversations, and its records on the held-out one. Concatenated, the held-out records estimate
 * how a setting chosen this way does on a conversation it has not seen. `weightOf` weighs each
 * question in the choice (to count two dev sets equally whatever their sizes).
 */
export function leaveOneConversationOut(
  candidates: ReadonlyArray<readonly QuestionRecord[]>,
  weightOf: (record: QuestionRecord) => number = () => 1,
): LocoFold[] {
  const conversations = [...new Set(candidates[0]?.map((r) => r.conversation) ?? [])]
  return conversations.map((conversation) => {
    let chosen = 0
    let best = -Infinity
    candidates.forEach((records, index) => {
      const value = fitness(
        records.filter((r) => r.conversation !== conversation),
        weightOf,
      )
      if (value > best) {
        best = value
        chosen = index
      }
    })
    return {
      conversation,
      chosen,
      heldOut: candidates[chosen]!.filter((r) => r.conversation === conversation),
    }
  })
}

import type { QuestionScore } from './scoreRanking.js'

/** One evaluated question: where it comes from, how the ranking scored, how long recall took. */
export interface QuestionRecord {
  conversation: number
  category: string
  score: QuestionScore
  ms: number
}

import { exactMcNemarP } from './exactMcNemarP.js'
import type { QuestionRecord } from './QuestionRecord.js'

export interface PairedComparison {
  questions: number
  /** A's recall_any@10 minus B's, in points. */
  points: number
  onlyA: number
  onlyB: number
  p: number
}

/** recall_any@10 of two rankings over the same questions in the same order, with the exact McNemar p. */
export function pairedComparison(
  a: readonly QuestionRecord[],
  b: readonly QuestionRecord[],
): PairedComparison {
  if (a.length !== b.length) throw new Error('paired comparison needs the same questions on both sides')
  let onlyA = 0
  let onlyB = 0
  a.forEach((record, i) => {
    if (record.score.any10 > b[i]!.score.any10) onlyA++
    if (record.score.any10 < b[i]!.score.any10) onlyB++
  })
  return {
    questions: a.length,
    points: a.length ? ((onlyA - onlyB) / a.length) * 100 : 0,
    onlyA,
    onlyB,
    p: exactMcNemarP(onlyA, onlyB),
  }
}

import { recallAtK } from '../harness/recallAtK.js'
import type { AnswerExpectation } from './AnswerExpectation.js'
import type { AnswerVerdict } from './AnswerVerdict.js'

/**
 * Judges one search made while shards move. Wrong: short of a complete answer, holding another
 * user's memory or the same id twice, or ranking worse against the exact answer than the same store
 * did before the move (an approximate index rebuilt on the new worker may order ties differently,
 * which is no error as long as it finds as much).
 */
export function judgeAnswer(
  answer: readonly number[],
  expected: AnswerExpectation,
  k: number,
): AnswerVerdict {
  if (answer.length !== expected.complete)
    return {
      kind: 'wrong',
      why: `${expected.namespace}: ${answer.length} rows where a complete answer has ${expected.complete}`,
    }
  const foreign = answer.find((id) => !expected.members.has(id))
  if (foreign !== undefined)
    return { kind: 'wrong', why: `${expected.namespace}: row ${foreign} belongs to another namespace` }
  if (new Set(answer).size !== answer.length)
    return { kind: 'wrong', why: `${expected.namespace}: the same row twice in one answer` }
  if (answer.every((id, i) => id === expected.before[i])) return { kind: 'right' }
  const recall = recallAtK(answer, expected.truth, k)
  const recallBefore = recallAtK(expected.before, expected.truth, k)
  if (recall < recallBefore)
    return {
      kind: 'wrong',
      why: `${expected.namespace}: recall@${k} ${recall.toFixed(2)} against ${recallBefore.toFixed(2)} before the move`,
    }
  return { kind: 'different' }
}

import { summarizeLatencies } from '../harness/summarizeLatencies.js'
import type { LocomoScores } from '../report/BenchReport.js'
import type { QuestionRecord } from './QuestionRecord.js'

/** Means of the question scores (fractions) and the p50 recall latency. */
export function aggregateRecords(records: readonly QuestionRecord[]): LocomoScores {
  const mean = (pick: (r: QuestionRecord) => number) =>
    records.length ? records.reduce((t, r) => t + pick(r), 0) / records.length : Number.NaN
  return {
    questions: records.length,
    recallAny5: mean((r) => r.score.any5),
    recallAny10: mean((r) => r.score.any10),
    evidenceRecall5: mean((r) => r.score.evidence5),
    evidenceRecall10: mean((r) => r.score.evidence10),
    mrr: mean((r) => r.score.reciprocalRank),
    p50Ms: records.length ? summarizeLatencies(records.map((r) => r.ms)).p50 : Number.NaN,
  }
}

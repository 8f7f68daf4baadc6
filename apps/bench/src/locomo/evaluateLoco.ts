import type { Embedder, Store } from '@agent-memory/core'
import type { LocomoLoco } from '../report/BenchReport.js'
import { aggregateRecords } from './aggregateRecords.js'
import type { LocomoData } from './LocomoData.js'
import { leaveOneConversationOut } from './leaveOneConversationOut.js'
import { memoizedStore } from './memoizedStore.js'
import type { QuestionRecord } from './QuestionRecord.js'
import type { RankingCandidate } from './RankingCandidate.js'
import { recallQuestions } from './recallQuestions.js'

function byCategory(records: readonly QuestionRecord[]): LocomoLoco['byCategory'] {
  const categories = [...new Set(records.map((r) => r.category))].sort()
  return Object.fromEntries(
    categories.map((c) => [c, aggregateRecords(records.filter((r) => r.category === c))]),
  )
}

/**
 * Honest tuning on one ingested store (`ingestLocomo`; reinforcement off, so every setting sees the
 * same store): each grid setting recalls every question over replayed leg results (a setting pays the
 * store once), and `leaveOneConversationOut` picks, per conversation, the setting best on the
 * others. Then the ablation: each setting against the real store calls, p50 minus the first's.
 */
export async function evaluateLoco(
  data: LocomoData,
  diaIds: ReadonlyArray<ReadonlyMap<string, ReadonlySet<string>>>,
  store: Store,
  embedder: Embedder,
  grid: readonly RankingCandidate[],
  ablation: readonly RankingCandidate[],
  log: (line: string) => void,
): Promise<LocomoLoco> {
  const replayed = memoizedStore(store)
  const results: QuestionRecord[][] = []
  for (const candidate of grid)
    results.push(await recallQuestions(data, diaIds, replayed, embedder, candidate.mode, candidate.options))
  const folds = leaveOneConversationOut(results)
  const heldOut = folds.flatMap((fold) => fold.heldOut)
  const live = memoizedStore(store, { replay: false })
  const timed: LocomoLoco['ablation'] = []
  for (const candidate of ablation) {
    // One untimed pass first: PGlite's caches and the JIT warm up on it.
    await recallQuestions(data, diaIds, live, embedder, candidate.mode, candidate.options)
    const records = await recallQuestions(data, diaIds, live, embedder, candidate.mode, candidate.options)
    const scores = aggregateRecords(records)
    timed.push({
      label: candidate.label,
      recallAny5: scores.recallAny5,
      recallAny10: scores.recallAny10,
      p50Ms: scores.p50Ms,
      addedMs: scores.p50Ms - (timed[0]?.p50Ms ?? scores.p50Ms),
    })
    log(
      `ablation ${candidate.label}: R_any@5 ${(scores.recallAny5 * 100).toFixed(1)}%, R_any@10 ${(scores.recallAny10 * 100).toFixed(1)}%, p50 ${scores.p50Ms.toFixed(2)} ms`,
    )
  }
  return {
    grid: grid.map((candidate) => candidate.label),
    folds: folds.map((fold) => {
      const scores = aggregateRecords(fold.heldOut)
      return {
        conversation: data.conversations[fold.conversation]!.sampleId,
        chosen: grid[fold.chosen]!.label,
        questions: scores.questions,
        recallAny5: scores.recallAny5,
        recallAny10: scores.recallAny10,
      }
    }),
    overall: aggregateRecords(heldOut),
    byCategory: byCategory(heldOut),
    ablation: timed,
  }
}

import { createMemory, type Embedder, type Store } from '@agent-memory/core'
import { summarizeLatencies } from '../harness/summarizeLatencies.js'
import type { ReferenceRanking } from './bm25ReferenceRankings.js'
import type { KeywordLegBreakdown } from './KeywordLegBreakdown.js'
import type { LocomoData } from './LocomoData.js'
import type { StatementLog } from './StatementLog.js'
import { turnContent } from './turnContent.js'

/** The keyword leg alone on one backend (see `keywordLeg`). */
export interface KeywordLegResult {
  backend: string
  questions: number
  p50Ms: number
  p99Ms: number
  /** The first search of each namespace (where an in-process index loads it), median. */
  firstSearchMs: number
  /** Questions whose top 10 (as dia ids, in order) equal the JS reference's. */
  identical: number
  /** Questions whose top 10 hold the same turns as the reference's, in any order. */
  sameSet: number
  /** Questions whose top 10 equal the reference's when it, too, measures length in distinct lexemes. */
  identicalLexemeLength: number
  /** The p50 target for this backend (ms). */
  targetP50Ms?: number
  /** Where the searches' time went, where the backend's statements could be recorded. */
  breakdown?: KeywordLegBreakdown
}

/**
 * The keyword leg alone (`store.searchText`, limit 10), timed per question on a store holding
 * one namespace per conversation, and its top 10 compared with the JS BM25 reference's. With
 * `statements`, the timed searches' statements are recorded there (the caller summarizes them).
 */
export async function keywordLeg(
  data: LocomoData,
  backend: string,
  store: Store,
  embedder: Embedder,
  reference: readonly ReferenceRanking[],
  lexemeLengthReference: readonly ReferenceRanking[],
  statements?: StatementLog,
): Promise<KeywordLegResult> {
  const memory = createMemory({ store, embedder })
  const latencies: number[] = []
  const first: number[] = []
  let identical = 0
  let sameSet = 0
  let identicalLexemeLength = 0
  let at = 0
  for (const conversation of data.conversations) {
    const namespace = `locomo-${conversation.sampleId}`
    const diaIdOf = new Map<string, string>()
    const turns = conversation.turns
    for (let start = 0; start < turns.length; start += 256) {
      const slice = turns.slice(start, start + 256)
      const results = await memory.rememberMany(
        namespace,
        slice.map((turn) => ({ content: turnContent(turn), tier: 'semantic' as const })),
      )
      results.forEach((result, i) => {
        diaIdOf.set(result.id, slice[i]!.diaId)
      })
    }
    let started = process.hrtime.bigint()
    await store.searchText(namespace, conversation.questions[0]?.question ?? 'x', { limit: 10 })
    first.push(Number(process.hrtime.bigint() - started) / 1e6)
    for (const question of conversation.questions) {
      statements?.startSearch()
      started = process.hrtime.bigint()
      const hits = await store.searchText(namespace, question.question, { limit: 10 })
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      statements?.endSearch(ms)
      latencies.push(ms)
      const ours = hits.map((hit) => diaIdOf.get(hit.memory.id) ?? '?')
      if (ours.join() === lexemeLengthReference[at]!.diaIds.join()) identicalLexemeLength++
      const theirs = reference[at++]!.diaIds
      if (ours.join() === theirs.join()) identical++
      if (ours.length === theirs.length && [...ours].sort().join() === [...theirs].sort().join()) sameSet++
    }
  }
  const summary = summarizeLatencies(latencies)
  return {
    backend,
    questions: latencies.length,
    p50Ms: summary.p50,
    p99Ms: summary.p99,
    firstSearchMs: summarizeLatencies(first).p50,
    identical,
    sameSet,
    identicalLexemeLength,
  }
}

import { createMemory, type Embedder, type MemoryInput } from '@agent-memory/core'
import { summarizeLatencies } from '../harness/summarizeLatencies.js'
import type { LocomoScores, LocomoVariant } from '../report/BenchReport.js'
import type { LocomoBackend } from './LocomoBackend.js'
import type { LocomoData } from './LocomoData.js'
import { type QuestionScore, scoreRanking } from './scoreRanking.js'
import { turnContent } from './turnContent.js'

export interface VariantSpec {
  mode: 'keyword' | 'vector' | 'hybrid'
  fusion: 'rrf' | 'minmax' | null
}

function aggregate(scores: QuestionScore[], latencies: number[]): LocomoScores {
  const mean = (pick: (s: QuestionScore) => number) =>
    scores.length ? scores.reduce((t, s) => t + pick(s), 0) / scores.length : Number.NaN
  return {
    questions: scores.length,
    recallAny5: mean((s) => s.any5),
    recallAny10: mean((s) => s.any10),
    evidenceRecall5: mean((s) => s.evidence5),
    evidenceRecall10: mean((s) => s.evidence10),
    mrr: mean((s) => s.reciprocalRank),
    p50Ms: summarizeLatencies(latencies).p50,
  }
}

/**
 * One retrieval variant on a fresh store: every turn remembered in its conversation's namespace
 * through the service (as an application would), then every question recalled with limit 10.
 * Fresh per variant because recall reinforces what it returns, which feeds later rankings.
 */
export async function evaluateVariant(
  data: LocomoData,
  backend: LocomoBackend,
  embedder: Embedder,
  spec: VariantSpec,
  log: (line: string) => void,
): Promise<LocomoVariant> {
  const tag = `${spec.mode}_${spec.fusion ?? 'none'}`
  const { store, close } = await backend.open(tag, embedder.dimensions)
  const errors: string[] = []
  try {
    const memory = createMemory({
      store,
      embedder,
      options: {
        ...(spec.fusion ? { fusion: spec.fusion } : {}),
        onError: (error) => errors.push(String(error)),
      },
    })
    const scores: QuestionScore[] = []
    const byCategory = new Map<string, QuestionScore[]>()
    const latencies: number[] = []
    const categoryLatencies = new Map<string, number[]>()
    for (const conversation of data.conversations) {
      const namespace = `locomo-${conversation.sampleId}`
      const inputs: MemoryInput[] = conversation.turns.map((turn) => ({
        content: turnContent(turn),
        tier: 'semantic',
        metadata: {
          dia_id: turn.diaId,
          speaker: turn.speaker,
          session: turn.session,
          session_date: turn.sessionDate,
        },
        ...(turn.createdAt ? { createdAt: turn.createdAt } : {}),
      }))
      const diaIdsOf = new Map<string, Set<string>>()
      for (let start = 0; start < inputs.length; start += 256) {
        const results = await memory.rememberMany(namespace, inputs.slice(start, start + 256))
        results.forEach((result, i) => {
          const set = diaIdsOf.get(result.id) ?? new Set<string>()
          set.add(conversation.turns[start + i]!.diaId)
          diaIdsOf.set(result.id, set)
        })
      }
      for (const question of conversation.questions) {
        const started = process.hrtime.bigint()
        const result = await memory.recall(namespace, question.question, { limit: 10, mode: spec.mode })
        const ms = Number(process.hrtime.bigint() - started) / 1e6
        const ranking = result.hits.map((hit) => diaIdsOf.get(hit.memory.id) ?? new Set<string>())
        const score = scoreRanking(ranking, question.evidence)
        scores.push(score)
        latencies.push(ms)
        const list = byCategory.get(question.category) ?? []
        list.push(score)
        byCategory.set(question.category, list)
        const lat = categoryLatencies.get(question.category) ?? []
        lat.push(ms)
        categoryLatencies.set(question.category, lat)
      }
    }
    const overall = aggregate(scores, latencies)
    log(
      `${backend.name} ${spec.mode}${spec.fusion ? `/${spec.fusion}` : ''}: R_any@5 ${(overall.recallAny5 * 100).toFixed(1)}%, ` +
        `R_any@10 ${(overall.recallAny10 * 100).toFixed(1)}%, MRR ${(overall.mrr * 100).toFixed(1)}%, p50 ${overall.p50Ms.toFixed(2)} ms` +
        (errors.length ? ` (${errors.length} background errors; first: ${errors[0]})` : ''),
    )
    return {
      backend: backend.name,
      mode: spec.mode,
      fusion: spec.fusion,
      overall,
      hits10: scores.map((s) => s.any10).join(''),
      byCategory: Object.fromEntries(
        [...byCategory]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([category, list]) => [category, aggregate(list, categoryLatencies.get(category) ?? [])]),
      ),
    }
  } finally {
    await close()
  }
}

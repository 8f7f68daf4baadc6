import type { Embedder, MemoryServiceOptions, Store } from '@agent-memory/core'
import type { LocomoVariant } from '../report/BenchReport.js'
import { aggregateRecords } from './aggregateRecords.js'
import type { LocomoData } from './LocomoData.js'
import { memoizedStore } from './memoizedStore.js'
import { recallQuestions } from './recallQuestions.js'

export interface VariantSpec {
  mode: 'keyword' | 'vector' | 'hybrid'
  fusion: 'rrf' | 'minmax' | null
  /** Names a setting that differs from the service defaults in more than the fusion (`options`). */
  label?: string
  options?: MemoryServiceOptions
}

/**
 * One retrieval variant over a store every turn was remembered in (`ingestLocomo`): every question
 * recalled with limit 10 through the service, with real store calls. Reinforcement is off
 * (`memoizedStore` without replay) so every variant sees the same store — recall reinforces what it
 * returns, which would otherwise feed later questions' rankings with earlier variants' answers.
 */
export async function evaluateVariant(
  data: LocomoData,
  diaIds: ReadonlyArray<ReadonlyMap<string, ReadonlySet<string>>>,
  store: Store,
  backendName: string,
  embedder: Embedder,
  spec: VariantSpec,
  log: (line: string) => void,
): Promise<LocomoVariant> {
  const errors: string[] = []
  const records = await recallQuestions(
    data,
    diaIds,
    memoizedStore(store, { replay: false }),
    embedder,
    spec.mode,
    {
      ...spec.options,
      ...(spec.fusion ? { fusion: spec.fusion } : {}),
      onError: (error) => errors.push(String(error)),
    },
  )
  const overall = aggregateRecords(records)
  log(
    `${backendName} ${spec.mode}${spec.fusion ? `/${spec.fusion}` : ''}${spec.label ? ` (${spec.label})` : ''}: ` +
      `R_any@5 ${(overall.recallAny5 * 100).toFixed(1)}%, R_any@10 ${(overall.recallAny10 * 100).toFixed(1)}%, ` +
      `MRR ${(overall.mrr * 100).toFixed(1)}%, p50 ${overall.p50Ms.toFixed(2)} ms` +
      (errors.length ? ` (${errors.length} background errors; first: ${errors[0]})` : ''),
  )
  const categories = [...new Set(records.map((r) => r.category))].sort((a, b) => a.localeCompare(b))
  return {
    backend: backendName,
    mode: spec.mode,
    fusion: spec.fusion,
    ...(spec.label ? { label: spec.label } : {}),
    overall,
    hits10: records.map((r) => r.score.any10).join(''),
    byCategory: Object.fromEntries(
      categories.map((category) => [
        category,
        aggregateRecords(records.filter((r) => r.category === category)),
      ]),
    ),
  }
}

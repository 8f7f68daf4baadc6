import { join } from 'node:path'
import type { MemoryServiceOptions } from '@agent-memory/core'
import { embeddedBackend } from '../ours/embeddedBackend.js'
import { writeReport } from '../report/writeReport.js'
import { bootstrapInterval } from './bootstrapInterval.js'
import { diskCachedEmbedder } from './diskCachedEmbedder.js'
import type { EmbedderEval } from './EmbedderEval.js'
import { EVAL_METRICS } from './EVAL_METRICS.js'
import { evalEmbedder } from './evalEmbedder.js'
import { ingestLocomo } from './ingestLocomo.js'
import type { LocomoData } from './LocomoData.js'
import { leaveOneConversationOut } from './leaveOneConversationOut.js'
import { memoizedStore } from './memoizedStore.js'
import { pairedComparison } from './pairedComparison.js'
import type { QuestionRecord } from './QuestionRecord.js'
import type { RankingCandidate } from './RankingCandidate.js'
import { recallQuestions } from './recallQuestions.js'
import { renderEmbedderEval } from './renderEmbedderEval.js'
import { turnContent } from './turnContent.js'

export interface EmbedderEvalOptions {
  name: string
  data: LocomoData
  grid: readonly RankingCandidate[]
  command: string
  /** Where the embedder's vectors are cached between runs (gitignored). */
  cacheDir: string
  /** Where the report is written; none for a smoke run. */
  outDir: string | undefined
  log: (line: string) => void
}

function byCategory(records: readonly QuestionRecord[]) {
  const categories = [...new Set(records.map((r) => r.category))].sort()
  return Object.fromEntries(
    categories.map((category) => {
      const own = records.filter((r) => r.category === category)
      return [
        category,
        { questions: own.length, recallAny10: own.reduce((t, r) => t + r.score.any10, 0) / own.length },
      ]
    }),
  )
}

/**
 * `pnpm eval:locomo --embedder NAME`: every LoCoMo turn remembered on the embedded store with that
 * embedder (vectors cached on disk), every question recalled by the service defaults for the
 * embedder's kind, keyword-only and vector-only, and leave-one-conversation-out over `grid`; each
 * metric with a 95 % bootstrap interval, the default and the held-out choice against both single
 * legs with exact McNemar tests, overall and per category.
 */
export async function runEmbedderEval(options: EmbedderEvalOptions): Promise<EmbedderEval> {
  const { data, log } = options
  const base = evalEmbedder(options.name)
  const slug = base.model.replace(/[^a-zA-Z0-9.-]+/g, '_')
  const cache = await diskCachedEmbedder(base, join(options.cacheDir, `${slug}.json`))
  const embedder = cache.embedder
  const { store, close } = await embeddedBackend(embedder.model).open(
    `eval-${options.name}`,
    embedder.dimensions,
  )
  try {
    // Everything is embedded (or read from the cache) before the service sees it: a slow model
    // would otherwise outrun the service's embed budgets and leave memories pending, without vectors.
    const started = Date.now()
    const texts = data.conversations.flatMap((c) => [
      ...c.turns.map(turnContent),
      ...c.questions.map((q) => q.question),
    ])
    for (let at = 0; at < texts.length; at += 256) {
      await embedder.embed(texts.slice(at, at + 256))
      if (at % 1024 === 0)
        log(`${options.name}: embedded ${Math.min(texts.length, at + 256)} of ${texts.length} texts`)
    }
    await cache.save()
    log(
      `${options.name}: ${texts.length} texts embedded in ${((Date.now() - started) / 1000).toFixed(1)} s (${cache.hits()} from the cache)`,
    )
    const diaIds = await ingestLocomo(data, store, embedder)
    const pending = (await store.stats()).reduce((n, s) => n + s.pending, 0)
    if (pending > 0)
      throw new Error(`${pending} memories were stored without a vector: the evaluation would be wrong`)
    const replayed = memoizedStore(store)
    const run = (mode: RankingCandidate['mode'], serviceOptions: MemoryServiceOptions) =>
      recallQuestions(data, diaIds, replayed, embedder, mode, serviceOptions)
    const single = {
      default: await run('hybrid', {}),
      'keyword-only': await run('keyword', {}),
      'vector-only': await run('vector', {}),
    }
    await cache.save()
    const results: QuestionRecord[][] = []
    for (const candidate of options.grid) results.push(await run(candidate.mode, candidate.options))
    const folds = leaveOneConversationOut(results)
    const heldOut = folds.flatMap((fold) => fold.heldOut)
    const rankings = { ...single, 'leave-one-out': heldOut }
    const compared: Array<[string, QuestionRecord[], QuestionRecord[]]> = [
      ['default vs keyword', single.default, single['keyword-only']],
      ['default vs vector', single.default, single['vector-only']],
      ['leave-one-out vs keyword', heldOut, single['keyword-only']],
      ['leave-one-out vs vector', heldOut, single['vector-only']],
    ]
    const result: EmbedderEval = {
      generatedAt: new Date().toISOString(),
      command: options.command,
      embedder: options.name,
      model: embedder.model,
      lexical: embedder.lexical === true,
      conversations: data.conversations.length,
      questions: single.default.length,
      grid: options.grid.length,
      rankings: Object.entries(rankings).map(([label, records]) => ({
        label,
        metrics: Object.fromEntries(
          EVAL_METRICS.map((metric) => [
            metric.name,
            bootstrapInterval(records.map((r) => metric.of(r.score))),
          ]),
        ),
        byCategory: byCategory(records),
      })),
      comparisons: compared.map(([label, a, b]) => {
        const categories = [...new Set(a.map((r) => r.category))].sort()
        return {
          label,
          overall: pairedComparison(a, b),
          byCategory: Object.fromEntries(
            categories.map((category) => {
              const keep = a.map((r) => r.category === category)
              return [
                category,
                pairedComparison(
                  a.filter((_, i) => keep[i]),
                  b.filter((_, i) => keep[i]),
                ),
              ]
            }),
          ),
        }
      }),
      best: results
        .map((records, i) => ({
          label: options.grid[i]!.label,
          recallAny5: records.reduce((t, r) => t + r.score.any5, 0) / records.length,
          recallAny10: records.reduce((t, r) => t + r.score.any10, 0) / records.length,
        }))
        .sort((a, b) => b.recallAny10 - a.recallAny10 || b.recallAny5 - a.recallAny5)
        .slice(0, 8),
      folds: folds.map((fold) => ({
        conversation: data.conversations[fold.conversation]!.sampleId,
        chosen: options.grid[fold.chosen]!.label,
        recallAny10: fold.heldOut.reduce((t, r) => t + r.score.any10, 0) / Math.max(1, fold.heldOut.length),
      })),
    }
    const text = renderEmbedderEval(result)
    console.log(text)
    if (options.outDir) {
      const written = await writeReport(options.outDir, { embedders: { [options.name]: result } })
      log(`wrote ${written.join(', ')}`)
    }
    return result
  } finally {
    await cache.save()
    await close()
  }
}

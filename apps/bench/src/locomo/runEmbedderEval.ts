import { embeddedBackend } from '../ours/embeddedBackend.js'
import { writeReport } from '../report/writeReport.js'
import { bootstrapInterval } from './bootstrapInterval.js'
import { categoryNames } from './categoryNames.js'
import type { DevSet } from './DevSet.js'
import { diskCachedEmbedder } from './diskCachedEmbedder.js'
import type { EmbedderEval } from './EmbedderEval.js'
import { EVAL_METRICS } from './EVAL_METRICS.js'
import { embeddingCacheFile } from './embeddingCacheFile.js'
import { evalEmbedder } from './evalEmbedder.js'
import { ingestLocomo } from './ingestLocomo.js'
import { leaveOneConversationOut } from './leaveOneConversationOut.js'
import { memoizedStore } from './memoizedStore.js'
import { pairedComparison } from './pairedComparison.js'
import { plainBm25Records } from './plainBm25Records.js'
import type { QuestionRecord } from './QuestionRecord.js'
import type { RankingCandidate } from './RankingCandidate.js'
import { recallQuestions } from './recallQuestions.js'
import { renderEmbedderEval } from './renderEmbedderEval.js'
import { vectorLegVariantStore } from './vectorLegVariantStore.js'

export interface EmbedderEvalOptions {
  name: string
  sets: readonly DevSet[]
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

/** What one dev set's store answered: the fixed rankings and every grid setting's, in question order. */
interface SetRecords {
  single: Record<'default' | 'keyword-only' | 'vector-only' | 'plain BM25', QuestionRecord[]>
  grid: QuestionRecord[][]
}

/**
 * `pnpm eval:locomo --embedder NAME`: every turn of each dev set remembered on the embedded store
 * with that embedder (vectors cached on disk), every question recalled by the service defaults for
 * the embedder's kind, keyword-only, vector-only and a plain BM25, and leave-one-conversation-out
 * over `grid` with the conversations of every set (a setting is chosen on both sets, each counted
 * equally); each metric with a 95 % bootstrap interval, the default and the held-out choice against
 * keyword-only, vector-only and plain BM25 with exact McNemar tests, overall and per category.
 * One report per set.
 */
export async function runEmbedderEval(options: EmbedderEvalOptions): Promise<EmbedderEval[]> {
  const { log } = options
  const base = evalEmbedder(options.name)
  const cache = await diskCachedEmbedder(base, embeddingCacheFile(options.cacheDir, base.model))
  const embedder = cache.embedder
  const perSet: SetRecords[] = []
  try {
    for (const set of options.sets) {
      const { store, close } = await embeddedBackend(embedder.model).open(
        `eval-${options.name}`,
        embedder.dimensions,
      )
      try {
        const started = Date.now()
        // The service embeds what it stores (memory texts and chunks) with a generous budget and
        // the ingest fails on any memory left pending: every ranking sees every vector.
        const diaIds = await ingestLocomo(set.data, store, embedder)
        await cache.save()
        log(
          `${options.name} · ${set.name}: ingested in ${((Date.now() - started) / 1000).toFixed(1)} s (${cache.hits()} vectors from the cache)`,
        )
        const replayed = memoizedStore(store)
        // Under the memo, which then keeps only the cut lists: one replayed store per variant.
        const variantStores = new Map<string, typeof replayed>()
        const variantStore = (variant: NonNullable<RankingCandidate['vectorLeg']>) => {
          const key = JSON.stringify(variant)
          let found = variantStores.get(key)
          if (!found) {
            found = memoizedStore(vectorLegVariantStore(store, embedder, variant))
            variantStores.set(key, found)
          }
          return found
        }
        const run = (
          mode: RankingCandidate['mode'],
          serviceOptions: RankingCandidate['options'],
          vectorLeg?: RankingCandidate['vectorLeg'],
        ) =>
          recallQuestions(
            set.data,
            diaIds,
            vectorLeg ? variantStore(vectorLeg) : replayed,
            embedder,
            mode,
            serviceOptions,
          )
        const single = {
          default: await run('hybrid', {}),
          'keyword-only': await run('keyword', {}),
          'vector-only': await run('vector', {}),
          'plain BM25': await plainBm25Records(set.data),
        }
        await cache.save()
        const grid: QuestionRecord[][] = []
        for (const candidate of options.grid)
          grid.push(await run(candidate.mode, candidate.options, candidate.vectorLeg))
        log(`${options.name} · ${set.name}: ${options.grid.length} grid settings replayed`)
        const any10 = (records: readonly QuestionRecord[]) =>
          ((100 * records.reduce((t, r) => t + r.score.any10, 0)) / records.length).toFixed(1)
        log(
          `${options.name} · ${set.name}: R_any@10 default ${any10(single.default)}, keyword-only ${any10(single['keyword-only'])}, ` +
            `plain BM25 ${any10(single['plain BM25'])}`,
        )
        // Each setting against keyword-only and the default, paired, so a sweep reads its significance here.
        const versus = (a: QuestionRecord[], b: QuestionRecord[]) => {
          const c = pairedComparison(a, b)
          return `${c.points >= 0 ? '+' : ''}${c.points.toFixed(1)} (+${c.onlyA}/−${c.onlyB}, p ${c.p < 0.001 ? '<0.001' : c.p.toFixed(3)})`
        }
        for (const [g, candidate] of options.grid.entries()) {
          const baseline = options.grid.findIndex((c) => c.label === candidate.baseline)
          log(
            `${options.name} · ${set.name}: ${any10(grid[g]!)} vs keyword-only ${versus(grid[g]!, single['keyword-only'])}, ` +
              `vs default ${versus(grid[g]!, single.default)}` +
              (baseline >= 0 ? `, vs ${candidate.baseline} ${versus(grid[g]!, grid[baseline]!)}` : '') +
              ` | ${candidate.label}`,
          )
        }
        perSet.push({ single, grid })
      } finally {
        await close()
      }
    }
  } finally {
    await cache.save()
  }
  // One list of conversations across the sets; each set weighs the same in the choice.
  const offsets = options.sets.map((_, i) =>
    options.sets.slice(0, i).reduce((n, s) => n + s.data.conversations.length, 0),
  )
  const setOf = new Map<number, number>()
  const joined = options.grid.map((_, g) =>
    perSet.flatMap((records, i) =>
      records.grid[g]!.map((r) => {
        setOf.set(r.conversation + offsets[i]!, i)
        return { ...r, conversation: r.conversation + offsets[i]! }
      }),
    ),
  )
  const questionsOf = perSet.map((records) => records.single.default.length)
  const folds = leaveOneConversationOut(joined, (r) => 1 / questionsOf[setOf.get(r.conversation)!]!)
  const results = options.sets.map((set, i) => {
    const { single } = perSet[i]!
    const own = folds.filter((fold) => setOf.get(fold.conversation) === i)
    const heldOut = own.flatMap((fold) =>
      fold.heldOut.map((r) => ({ ...r, conversation: r.conversation - offsets[i]! })),
    )
    const rankings = { ...single, 'leave-one-out': heldOut }
    const compared: Array<[string, QuestionRecord[], QuestionRecord[]]> = [
      ['default vs keyword', single.default, single['keyword-only']],
      ['default vs vector', single.default, single['vector-only']],
      ['default vs plain BM25', single.default, single['plain BM25']],
      ['leave-one-out vs keyword', heldOut, single['keyword-only']],
      ['leave-one-out vs vector', heldOut, single['vector-only']],
    ]
    const result: EmbedderEval = {
      generatedAt: new Date().toISOString(),
      command: options.command,
      dataset: set.name,
      embedder: options.name,
      model: embedder.model,
      lexical: embedder.lexical === true,
      conversations: set.data.conversations.length,
      questions: single.default.length,
      grid: options.grid.length,
      categories: categoryNames(set.data.conversations.map((c) => c.sampleId)),
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
                  a.filter((_, k) => keep[k]),
                  b.filter((_, k) => keep[k]),
                ),
              ]
            }),
          ),
        }
      }),
      best: perSet[i]!.grid.map((records, g) => ({
        label: options.grid[g]!.label,
        recallAny5: records.reduce((t, r) => t + r.score.any5, 0) / records.length,
        recallAny10: records.reduce((t, r) => t + r.score.any10, 0) / records.length,
      }))
        .sort((a, b) => b.recallAny10 - a.recallAny10 || b.recallAny5 - a.recallAny5)
        .slice(0, 8),
      folds: own.map((fold) => ({
        conversation: set.data.conversations[fold.conversation - offsets[i]!]!.sampleId,
        chosen: options.grid[fold.chosen]!.label,
        recallAny10: fold.heldOut.reduce((t, r) => t + r.score.any10, 0) / Math.max(1, fold.heldOut.length),
      })),
    }
    console.log(renderEmbedderEval(result))
    return result
  })
  if (options.outDir) {
    const written = await writeReport(options.outDir, {
      embedders: Object.fromEntries(results.map((r) => [`${r.dataset} · ${r.embedder}`, r])),
    })
    log(`wrote ${written.join(', ')}`)
  }
  return results
}

import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { createMemory, type MemoryServiceOptions } from '@agent-memory/core'
import { openEmbeddedStore } from '@agent-memory/store-pgvector'
import { repoRoot } from './harness/repoRoot.js'
import { diskCachedEmbedder } from './locomo/diskCachedEmbedder.js'
import { embeddingCacheFile } from './locomo/embeddingCacheFile.js'
import { evalEmbedder } from './locomo/evalEmbedder.js'
import { ingestLocomo } from './locomo/ingestLocomo.js'
import { loadLocomo } from './locomo/loadLocomo.js'
import { memoizedStore } from './locomo/memoizedStore.js'
import type { QuestionRecord } from './locomo/QuestionRecord.js'
import { recallQuestions } from './locomo/recallQuestions.js'

const mean = (list: readonly QuestionRecord[], pick: (r: QuestionRecord) => number) =>
  ((list.reduce((t, r) => t + pick(r), 0) / Math.max(1, list.length)) * 100).toFixed(1)

/**
 * Dev sweep for ranking settings: `LOCOMO_FILE=… node apps/bench/dist/tuneLocomo.js 'hybrid={"neighbourhood":{"share":0.5}}' …`
 * (each argument `mode=JSON service options`), over one ingested embedded store with leg results replayed.
 * `LOCOMO_EMBEDDER` (hashing by default, or use), `LOCOMO_CONVERSATIONS` (indexes, e.g. `0,1`) and
 * `LOCOMO_STORE_DIR` (keeps the ingested store there and reuses it: a sweep then pays no ingest).
 */
async function main(): Promise<void> {
  const file = process.env.LOCOMO_FILE ?? resolve(repoRoot, '../shared/eval/locomo-dev.json')
  const loaded = loadLocomo(JSON.parse(await readFile(file, 'utf8')))
  const only = process.env.LOCOMO_CONVERSATIONS?.split(',').map(Number)
  const data = only
    ? { ...loaded, conversations: loaded.conversations.filter((_, i) => only.includes(i)) }
    : loaded
  const base = evalEmbedder(process.env.LOCOMO_EMBEDDER ?? 'hashing')
  // The file `eval:locomo --embedder` keeps for the same model: a sweep embeds nothing it has.
  const cache = await diskCachedEmbedder(
    base,
    embeddingCacheFile(join(repoRoot, 'apps/bench/.cache/embeddings'), base.model),
  )
  const embedder = cache.embedder
  const dir = process.env.LOCOMO_STORE_DIR
  const idsFile = dir ? `${dir}.ids.json` : undefined
  const store = await openEmbeddedStore({
    ...(dir ? { dataDir: dir } : {}),
    dimensions: embedder.dimensions,
    model: embedder.model,
    handleSignals: false,
  })
  try {
    let diaIds: Array<Map<string, Set<string>>>
    if (idsFile && existsSync(idsFile)) {
      const saved = JSON.parse(await readFile(idsFile, 'utf8')) as Array<Array<[string, string[]]>>
      diaIds = saved.map((entries) => new Map(entries.map(([id, ids]) => [id, new Set(ids)])))
    } else {
      diaIds = await ingestLocomo(data, store, embedder)
      await cache.save()
      if (idsFile)
        await writeFile(idsFile, JSON.stringify(diaIds.map((m) => [...m].map(([id, s]) => [id, [...s]]))))
    }
    const cached = memoizedStore(store)
    if (process.env.LOCOMO_DUMP) {
      // The first 100 hits of a recall with lending off and its leg scores (a short query's pool is 50;
      // a long query keeps its own depth, `longQueries.candidateFactor`).
      const memory = createMemory({
        store: cached,
        embedder,
        options: { candidateFactor: 0.5, neighbourhood: { share: 0 } },
      })
      const rows: unknown[] = []
      for (const [ci, conversation] of data.conversations.entries()) {
        for (const question of conversation.questions) {
          // As the eval recalls it: a question asked inside the conversation (RealMem) sees only
          // what was said before it.
          const { hits } = await memory.recall(`locomo-${conversation.sampleId}`, question.question, {
            limit: 100,
            ...(question.askedAt ? { filter: { asOf: question.askedAt } } : {}),
          })
          rows.push({
            c: ci,
            cat: question.category,
            q: question.question,
            asOf: question.askedAt ? question.askedAt.getTime() : null,
            ev: question.evidence,
            hits: hits.map((h) => ({
              d: [...(diaIds[ci]!.get(h.memory.id) ?? [])],
              sp: h.memory.metadata.speaker,
              len: h.memory.content.length,
              sem: h.scores.semantic ?? null,
              kw: h.scores.keyword ?? null,
              mod: h.scores.modifier,
              t: h.memory.createdAt.getTime(),
              text: h.memory.content.slice(0, 2000),
            })),
          })
        }
      }
      await writeFile(process.env.LOCOMO_DUMP, JSON.stringify(rows))
      await memory.close()
    }
    const specs = process.argv.slice(2).map((arg) => {
      const at = arg.indexOf('=')
      const [mode, json] = [arg.slice(0, at), arg.slice(at + 1)]
      return {
        mode: mode as 'keyword' | 'hybrid' | 'vector',
        options: JSON.parse(json) as MemoryServiceOptions,
        label: arg,
      }
    })
    for (const spec of specs) {
      const records = await recallQuestions(data, diaIds, cached, embedder, spec.mode, spec.options)
      const cats = [...new Set(records.map((r) => r.category))].sort()
      const convs = [...new Set(records.map((r) => r.conversation))]
      const of = (pick: (r: QuestionRecord) => boolean) => records.filter(pick)
      console.log(
        `${mean(records, (r) => r.score.any5)} ${mean(records, (r) => r.score.any10)} mrr ${mean(records, (r) => r.score.reciprocalRank)} sess ${mean(records, (r) => r.score.session10)}` +
          ` | cat ${cats
            .map((c) =>
              mean(
                of((r) => r.category === c),
                (r) => r.score.any10,
              ),
            )
            .join(' ')}` +
          ` | conv ${convs
            .map((c) =>
              mean(
                of((r) => r.conversation === c),
                (r) => r.score.any10,
              ),
            )
            .join(' ')} | ${spec.label}`,
      )
    }
    await cache.save()
  } finally {
    await store.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})

import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { MemoryServiceOptions } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { repoRoot } from './harness/repoRoot.js'
import { ingestLocomo } from './locomo/ingestLocomo.js'
import { loadLocomo } from './locomo/loadLocomo.js'
import { memoizedStore } from './locomo/memoizedStore.js'
import { recallQuestions } from './locomo/recallQuestions.js'
import { embeddedBackend } from './ours/embeddedBackend.js'

/**
 * Dev sweep for ranking settings: `LOCOMO_FILE=… node apps/bench/dist/tuneLocomo.js 'hybrid={"neighbourhood":{"share":0.5}}' …`
 * (each argument `mode=JSON service options`), over one ingested embedded store with leg results replayed.
 */
async function main(): Promise<void> {
  const file = process.env.LOCOMO_FILE ?? resolve(repoRoot, '../shared/eval/locomo-dev.json')
  const data = loadLocomo(JSON.parse(await readFile(file, 'utf8')))
  const embedder = createHashingEmbedder()
  const { store, close } = await embeddedBackend(embedder.model).open('tune', embedder.dimensions)
  try {
    const diaIds = await ingestLocomo(data, store, embedder)
    const cached = memoizedStore(store)
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
      const mean = (list: typeof records, pick: (r: (typeof records)[number]) => number) =>
        ((list.reduce((t, r) => t + pick(r), 0) / Math.max(1, list.length)) * 100).toFixed(1)
      const cats = [...new Set(records.map((r) => r.category))].sort()
      const convs = [...new Set(records.map((r) => r.conversation))]
      console.log(
        `${mean(records, (r) => r.score.any5)} ${mean(records, (r) => r.score.any10)} mrr ${mean(records, (r) => r.score.reciprocalRank)} | cat ${cats
          .map((c) =>
            mean(
              records.filter((r) => r.category === c),
              (r) => r.score.any10,
            ),
          )
          .join(' ')} | conv ${convs
          .map((c) =>
            mean(
              records.filter((r) => r.conversation === c),
              (r) => r.score.any10,
            ),
          )
          .join(' ')} | ${spec.label} hits=${records.map((r) => r.score.any10).join('')}`.replace(
          / hits=.*/,
          '',
        ),
      )
    }
  } finally {
    await close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})

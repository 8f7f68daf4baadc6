// minScore of any evaluation embedder on LoCoMo dev, as calibrateHashingMinScore.mjs does for the
// hashing one: for each question, the cosine with its evidence turns (related) against every other
// turn of the conversation (unrelated). Vectors come from the evaluation's disk cache when present.
// Run: pnpm --filter @agent-memory/bench... build && node apps/bench/scripts/calibrateMinScore.mjs use [file]
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { repoRoot } from '../dist/harness/repoRoot.js'
import { diskCachedEmbedder } from '../dist/locomo/diskCachedEmbedder.js'
import { evalEmbedder } from '../dist/locomo/evalEmbedder.js'
import { evidenceCosines } from '../dist/locomo/evidenceCosines.js'
import { loadLocomo } from '../dist/locomo/loadLocomo.js'

const name = process.argv[2] ?? 'use'
const file = process.argv[3] ?? resolve(repoRoot, '../shared/eval/locomo-dev.json')
const data = loadLocomo(JSON.parse(await readFile(file, 'utf8')))
const base = evalEmbedder(name)
const slug = base.model.replace(/[^a-zA-Z0-9.-]+/g, '_')
const { embedder, save } = await diskCachedEmbedder(
  base,
  join(repoRoot, 'apps/bench/.cache/embeddings', `${slug}.json`),
)
const thresholds = [0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5]
const { related, unrelated, bestRelated } = await evidenceCosines(data, embedder)
await save()
const share = (xs, t) => `${((xs.filter((x) => x >= t).length / xs.length) * 100).toFixed(1)}%`
console.log(`${embedder.model}: ${related.length} related pairs, ${unrelated.length} unrelated`)
console.log('  minScore | related kept | questions with an evidence turn kept | unrelated kept')
for (const t of thresholds)
  console.log(
    `  ${t.toFixed(2)}     | ${share(related, t)} | ${share(bestRelated, t)} | ${share(unrelated, t)}`,
  )

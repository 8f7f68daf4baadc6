// minScore of the offline hashing embedder on LoCoMo dev: for each question, the cosine with its
// evidence turns (related) against every other turn of the conversation (unrelated), per width.
// Run: pnpm --filter @agent-memory/bench... build && node apps/bench/scripts/calibrateHashingMinScore.mjs [file]
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { repoRoot } from '../dist/harness/repoRoot.js'
import { evidenceCosines } from '../dist/locomo/evidenceCosines.js'
import { loadLocomo } from '../dist/locomo/loadLocomo.js'

const file = process.argv[2] ?? resolve(repoRoot, '../shared/eval/locomo-dev.json')
const data = loadLocomo(JSON.parse(await readFile(file, 'utf8')))
const thresholds = [0.1, 0.12, 0.14, 0.15, 0.16, 0.17, 0.18, 0.2, 0.22]
for (const dimensions of [1536, 512]) {
  const embedder = createHashingEmbedder({ dimensions })
  const { related, unrelated, bestRelated } = await evidenceCosines(data, embedder)
  const share = (xs, t) => `${((xs.filter((x) => x >= t).length / xs.length) * 100).toFixed(1)}%`
  console.log(`${embedder.model}: ${related.length} related pairs, ${unrelated.length} unrelated`)
  console.log('  minScore | related kept | questions with an evidence turn kept | unrelated kept')
  for (const t of thresholds)
    console.log(
      `  ${t.toFixed(2)}     | ${share(related, t)} | ${share(bestRelated, t)} | ${share(unrelated, t)}`,
    )
}

// Measures cosine between related and unrelated query/memory pairs to choose minScore, with the
// pairs the hashing embedder was calibrated on (the same procedure: each query against its own
// memory, related, and against every other memory, unrelated).
// Run: cd packages/embedder-use && npx tsc -p tsconfig.build.json && npx tsx scripts/calibrate.mjs
import { englishPairs } from '../../embedder-hashing/src/__fixtures__/calibrationPairs.ts'
import { createUseEmbedder } from '../dist/index.js'

const embedder = createUseEmbedder()
const cosine = (a, b) => a.reduce((sum, x, i) => sum + x * b[i], 0)
const quantiles = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(3)
  return `min ${s[0].toFixed(3)} p10 ${q(0.1)} p50 ${q(0.5)} p90 ${q(0.9)} max ${s[s.length - 1].toFixed(3)}`
}
const queries = await embedder.embed(englishPairs.map((p) => p[0]))
const memories = await embedder.embed(englishPairs.map((p) => p[1]))
const related = []
const unrelated = []
for (let i = 0; i < englishPairs.length; i++)
  for (let j = 0; j < englishPairs.length; j++)
    (i === j ? related : unrelated).push(cosine(queries[i], memories[j]))
console.log(`English related   (${related.length}): ${quantiles(related)}`)
console.log(`English unrelated (${unrelated.length}): ${quantiles(unrelated)}`)
for (const t of [0.2, 0.25, 0.3, 0.35, 0.4]) {
  const recall = related.filter((c) => c >= t).length / related.length
  const leak = unrelated.filter((c) => c >= t).length / unrelated.length
  console.log(
    `  minScore ${t}: related kept ${(recall * 100).toFixed(0)}%, unrelated kept ${(leak * 100).toFixed(1)}%`,
  )
}

// Measures cosine between related and unrelated query/memory pairs to choose minScore.
// Run: cd packages/embedder-hashing && npx tsc -p tsconfig.build.json && npx tsx scripts/calibrate.mjs
import { createHashingEmbedder } from '../dist/index.js'
import { chinesePairs, englishPairs } from '../src/__fixtures__/calibrationPairs.ts'

const embedder = createHashingEmbedder()
const cosine = (a, b) => a.reduce((sum, x, i) => sum + x * b[i], 0)
const quantiles = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(3)
  return `min ${s[0].toFixed(3)} p10 ${q(0.1)} p50 ${q(0.5)} p90 ${q(0.9)} max ${s[s.length - 1].toFixed(3)}`
}
for (const [name, pairs] of [
  ['English', englishPairs],
  ['Chinese', chinesePairs],
]) {
  const queries = await embedder.embed(pairs.map((p) => p[0]))
  const memories = await embedder.embed(pairs.map((p) => p[1]))
  const related = []
  const unrelated = []
  for (let i = 0; i < pairs.length; i++)
    for (let j = 0; j < pairs.length; j++)
      (i === j ? related : unrelated).push(cosine(queries[i], memories[j]))
  console.log(`${name} related   (${related.length}): ${quantiles(related)}`)
  console.log(`${name} unrelated (${unrelated.length}): ${quantiles(unrelated)}`)
  for (const t of [0.1, 0.12, 0.15, 0.2]) {
    const recall = related.filter((c) => c >= t).length / related.length
    const leak = unrelated.filter((c) => c >= t).length / unrelated.length
    console.log(
      `  minScore ${t}: related kept ${(recall * 100).toFixed(0)}%, unrelated kept ${(leak * 100).toFixed(1)}%`,
    )
  }
}

// Near-duplicates: the same fact reworded against different facts on one topic (duplicateScore).
const { distinctPairs, nearDuplicatePairs } = await import('../src/__fixtures__/duplicatePairs.ts')
const pairCosines = async (pairs) => {
  const left = await embedder.embed(pairs.map((p) => p[0]))
  const right = await embedder.embed(pairs.map((p) => p[1]))
  return pairs.map((_, i) => cosine(left[i], right[i]))
}
const near = await pairCosines(nearDuplicatePairs)
const distinct = await pairCosines(distinctPairs)
console.log(`reworded (${near.length}): ${quantiles(near)}`)
console.log(`distinct (${distinct.length}): ${quantiles(distinct)}`)
for (const t of [0.65, 0.7, 0.75, 0.8]) {
  const flagged = near.filter((c) => c >= t).length / near.length
  const wrong = distinct.filter((c) => c >= t).length / distinct.length
  console.log(
    `  duplicateScore ${t}: reworded flagged ${(flagged * 100).toFixed(0)}%, distinct flagged ${(wrong * 100).toFixed(0)}%`,
  )
}

// Hashing embedder throughput on short memory-like texts (English and Chinese mix).
// Run: cd packages/embedder-hashing && npx tsc -p tsconfig.build.json && node scripts/throughput.mjs [count]
import { createHashingEmbedder } from '../dist/index.js'

const count = Number(process.argv[2] ?? 50_000)
const subjects = ['The user', 'My manager', 'The team', '用户', '我们团队']
const facts = [
  'prefers dark mode in the editor',
  'deploys on Fridays after lunch',
  '喜欢在周末去爬山',
  '每周二和周六跑步',
]
const texts = Array.from({ length: count }, (_, i) => `${subjects[i % 5]} ${facts[i % 4]} (note ${i})`)
const embedder = createHashingEmbedder()
await embedder.embed(texts.slice(0, 2000)) // warm up the JIT
const started = performance.now()
await embedder.embed(texts)
const seconds = (performance.now() - started) / 1000
const avgChars = texts.reduce((sum, t) => sum + t.length, 0) / texts.length
console.log(
  `${count} texts (avg ${avgChars.toFixed(0)} chars), ${embedder.dimensions} dims: ${(count / seconds).toFixed(0)} texts/s`,
)

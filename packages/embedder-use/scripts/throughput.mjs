// Load time (first embed call of a fresh process, which loads the model) and sentences/s on short
// chat-like sentences. Run: cd packages/embedder-use && npx tsc -p tsconfig.build.json && node scripts/throughput.mjs
import { loadavg } from 'node:os'
import { createUseEmbedder } from '../dist/index.js'

const subjects = ['I', 'We', 'My sister', 'Our team', 'The user', 'Caroline']
const verbs = ['went to', 'talked about', 'is planning', 'finally finished', 'keeps thinking about']
const objects = ['the support group', 'a painting class', 'the trip to Spain', 'a new job', 'the charity run']
const sentences = Array.from(
  { length: 600 },
  (_, i) => `${subjects[i % 6]} ${verbs[i % 5]} ${objects[(i * 7) % 5]} on day ${i} and felt great about it.`,
)
const embedder = createUseEmbedder()
let started = performance.now()
await embedder.embed(['warm up: this call loads the model'])
const loadMs = performance.now() - started
started = performance.now()
await embedder.embed(sentences)
const seconds = (performance.now() - started) / 1000
console.log(
  `load ${loadMs.toFixed(0)} ms; ${sentences.length} sentences in ${seconds.toFixed(1)} s = ${(sentences.length / seconds).toFixed(0)} sentences/s; load average ${loadavg()[0].toFixed(2)}`,
)

// Embedder throughput against the fake server on 127.0.0.1 (default batch size 256, 4 in parallel,
// 1536 dimensions). Measures this client + local HTTP + JSON, not OpenRouter.
// Run: cd packages/testkit && npx tsc -p tsconfig.build.json && cd ../embedder-openrouter \
//   && npx tsc -p tsconfig.build.json && node scripts/throughput.mjs [inputs] [float|base64]
import { startFakeEmbeddingsServer } from '@agent-memory/testkit'
import { createOpenRouterEmbedder } from '../dist/index.js'

const count = Number(process.argv[2] ?? 20_000)
const encodingFormat = process.argv[3] === 'base64' ? 'base64' : 'float'
const server = await startFakeEmbeddingsServer()
try {
  const embedder = createOpenRouterEmbedder({ baseURL: server.url, apiKey: 'bench-key', encodingFormat })
  const texts = Array.from({ length: count }, (_, i) => `The user prefers dark mode in every editor (note ${i}).`)
  await embedder.embed(texts.slice(0, 1024)) // warm up
  const started = performance.now()
  const vectors = await embedder.embed(texts)
  const seconds = (performance.now() - started) / 1000
  if (vectors.length !== count) throw new Error('wrong count')
  console.log(
    `${count} inputs, ${encodingFormat}, batch 256, parallel 4, 1536 dims: ` +
      `${(count / seconds).toFixed(0)} inputs/s (${server.requests.length} requests, max ${server.maxInFlight} in flight)`,
  )
} finally {
  await server.close()
}

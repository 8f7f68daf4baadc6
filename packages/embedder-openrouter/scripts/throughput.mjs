// Embedder throughput against the fake server on 127.0.0.1 (default batch size 256, 4 in parallel,
// 1536 dimensions). Measures this client + local HTTP + JSON, not OpenRouter. The server runs in
// a worker thread so its JSON encoding does not share the client's thread.
// Run: cd packages/testkit && npx tsc -p tsconfig.build.json && cd ../embedder-openrouter \
//   && npx tsc -p tsconfig.build.json && node scripts/throughput.mjs [inputs] [float|base64]
import { isMainThread, parentPort, Worker } from 'node:worker_threads'
import { startFakeEmbeddingsServer } from '@agent-memory/testkit'

if (!isMainThread) {
  const server = await startFakeEmbeddingsServer()
  parentPort.postMessage(server.url)
  parentPort.on('message', async () => {
    parentPort.postMessage({ requests: server.requests.length, maxInFlight: server.maxInFlight })
    await server.close()
    process.exit(0)
  })
} else {
  const { createOpenRouterEmbedder } = await import('../dist/index.js')
  const count = Number(process.argv[2] ?? 20_000)
  const encodingFormat = process.argv[3] === 'base64' ? 'base64' : 'float'
  const worker = new Worker(new URL(import.meta.url))
  const url = await new Promise((resolve) => worker.once('message', resolve))
  const embedder = createOpenRouterEmbedder({ baseURL: url, apiKey: 'bench-key', encodingFormat })
  const texts = Array.from(
    { length: count },
    (_, i) => `The user prefers dark mode in every editor (note ${i}).`,
  )
  await embedder.embed(texts.slice(0, 1024)) // warm up
  const started = performance.now()
  const vectors = await embedder.embed(texts)
  const seconds = (performance.now() - started) / 1000
  if (vectors.length !== count) throw new Error('wrong count')
  worker.postMessage('stats')
  const stats = await new Promise((resolve) => worker.once('message', resolve))
  console.log(
    `${count} inputs, ${encodingFormat}, batch 256, parallel 4, 1536 dims: ${(count / seconds).toFixed(0)} inputs/s ` +
      `(${stats.requests} requests, max ${stats.maxInFlight} in flight at the server)`,
  )
}

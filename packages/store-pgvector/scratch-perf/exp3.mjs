import { existsSync } from 'node:fs'
import { createMemory, fingerprint } from '@agent-memory/core'
import { createHashingEmbedder } from '../../embedder-hashing/dist/index.js'
import { runMemorySearch } from '../../tool-memory-search/dist/index.js'
import { createPgVectorStore, migrate, openEmbeddedStore } from '../dist/index.js'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { createRng } from '../../../apps/bench/dist/harness/createRng.js'
import { createZipfText } from '../../../apps/bench/dist/harness/createZipfText.js'
import { precomputedEmbedder } from '../../../apps/bench/dist/ours/precomputedEmbedder.js'
const n = 10000, Q = Number(process.argv[2] ?? 200)
const threshold = process.argv[3] === undefined ? undefined : Number(process.argv[3])
const rng = createRng(0x70013); const text = createZipfText(rng)
const contents = Array.from({ length: n }, (_, i) => `${text(28)} #${i}`)
const queries = Array.from({ length: Q }, () => text(5))
const embedder = precomputedEmbedder(createHashingEmbedder())
const dir = '/tmp/w6data'
if (!existsSync(dir)) {
  const vectors = await createHashingEmbedder().embed(contents)
  const writes = contents.map((content, i) => ({ id: `m${i}`, tier: 'semantic', content, fingerprint: fingerprint(content), embedding: vectors[i] }))
  const db = await PGlite.create(dir, { extensions: { vector } })
  await migrate(db, { dimensions: embedder.dimensions, annIndex: false })
  const loader = await createPgVectorStore({ db, dimensions: embedder.dimensions, model: embedder.model })
  for (let s = 0; s < n; s += 5000) await loader.upsert('user-1', writes.slice(s, s + 5000))
  await loader.close()
  let t = performance.now()
  await db.exec(`SET maintenance_work_mem='512MB'`)
  await migrate(db, { dimensions: embedder.dimensions, annIndex: true })
  console.log('build s', ((performance.now()-t)/1000).toFixed(1))
  await db.close()
}
await embedder.prime(queries)
const store = await openEmbeddedStore({ dataDir: dir, dimensions: embedder.dimensions, model: embedder.model, handleSignals: false, ...(threshold === undefined ? {} : { exactSearchMaxRows: threshold }) })
const times = {}
for (const m of ['searchVector','searchChunks','searchText','reinforce']) {
  const orig = store[m].bind(store)
  store[m] = async (...a) => { const t = performance.now(); try { return await orig(...a) } finally { (times[m] ??= []).push(performance.now() - t) } }
}
const memory = createMemory({ store, embedder })
const lat = []
for (let i = 0; i < Q; i++) { const t = performance.now(); await runMemorySearch({ query: queries[i], limit: 5 }, { memory, namespace: 'user-1' }); lat.push(performance.now() - t) }
const p = (a, q) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(q * (s.length - 1))].toFixed(2) }
console.log('memory_search p50', p(lat, .5), 'p99', p(lat, .99))
for (const [k, v] of Object.entries(times)) console.log(k, 'p50', p(v, .5), 'n', v.length)
await store.close()

import { createHashingEmbedder } from '../../embedder-hashing/dist/index.js'
import { openEmbeddedStore } from '../dist/index.js'
import { createRng } from '../../../apps/bench/dist/harness/createRng.js'
import { createZipfText } from '../../../apps/bench/dist/harness/createZipfText.js'
const Q = 40
const threshold = process.argv[2] === undefined ? undefined : Number(process.argv[2])
const rng = createRng(0x70013); const text = createZipfText(rng)
for (let i = 0; i < 10000; i++) text(28)
const queries = Array.from({ length: Q }, () => text(5))
const emb = createHashingEmbedder()
const vecs = await emb.embed(queries)
const store = await openEmbeddedStore({ dataDir: '/tmp/w6data', dimensions: emb.dimensions, model: emb.model, handleSignals: false, ...(threshold === undefined ? {} : { exactSearchMaxRows: threshold }) })
const p = (a, q) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(q * (s.length - 1))].toFixed(2) }
const legs = {
  vector60: (i) => store.searchVector('user-1', vecs[i], { limit: 60 }),
  vector10: (i) => store.searchVector('user-1', vecs[i], { limit: 10 }),
  chunks20: (i) => store.searchChunks('user-1', vecs[i], { limit: 20 }),
  text20: (i) => store.searchText('user-1', queries[i], { limit: 20 }),
  reinforce5: (i) => store.reinforce('user-1', ['m1','m2','m3','m4','m5'].map(x=>x+i), { slidingTtlMs: 1000 }),
}
for (const [name, f] of Object.entries(legs)) {
  await f(0); const t = []
  for (let i = 0; i < Q; i++) { const s = performance.now(); await f(i); t.push(performance.now() - s) }
  console.log(name, 'p50', p(t, .5), 'p90', p(t, .9))
}
await store.close()

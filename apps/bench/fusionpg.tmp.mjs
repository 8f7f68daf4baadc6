import { readFileSync } from 'node:fs'
import { createMemory } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { createPgVectorStore } from '@agent-memory/store-pgvector'
import pg from 'pg'
import { loadLocomo } from './dist/locomo/loadLocomo.js'
import { scoreRanking } from './dist/locomo/scoreRanking.js'
import { turnContent } from './dist/locomo/turnContent.js'

const data = loadLocomo(JSON.parse(readFileSync('/work/shared/eval/locomo-dev.json', 'utf8')))
const embedder = createHashingEmbedder()
const store = await openEmbeddedStore({
  dimensions: embedder.dimensions,
  model: embedder.model,
  annIndex: false,
})
const loader = createMemory({ store, embedder })
const diaIdsOf = new Map()
for (const c of data.conversations) {
  const ns = `locomo-${c.sampleId}`
  const inputs = c.turns.map((turn) => ({
    content: turnContent(turn),
    tier: 'semantic',
    ...(turn.createdAt ? { createdAt: turn.createdAt } : {}),
  }))
  for (let s = 0; s < inputs.length; s += 256) {
    const res = await loader.rememberMany(ns, inputs.slice(s, s + 256))
    res.forEach((r, i) => {
      const set = diaIdsOf.get(r.id) ?? new Set()
      set.add(c.turns[s + i].diaId)
      diaIdsOf.set(r.id, set)
    })
  }
}
const configs = JSON.parse(process.argv[2])
for (const cfg of configs) {
  const { mode, ...options } = cfg
  const memory = createMemory({ store, embedder, options: { ...options, reinforce: false } })
  let any10 = 0,
    n = 0
  for (const c of data.conversations)
    for (const q of c.questions) {
      const r = await memory.recall(`locomo-${c.sampleId}`, q.question, { limit: 10, mode })
      any10 += scoreRanking(
        r.hits.map((h) => diaIdsOf.get(h.memory.id) ?? new Set()),
        q.evidence,
      ).any10
      n++
    }
  console.log(JSON.stringify(cfg), ((100 * any10) / n).toFixed(1))
}
await store.close(); await pool.end()

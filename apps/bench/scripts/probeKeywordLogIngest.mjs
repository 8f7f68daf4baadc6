// What the keyword change log (migration 0011) costs ingest on PostgreSQL: the same writes with
// its triggers on and off, alternating in blocks so the machine's load weighs on both alike.
// Small writes (one memory per upsert, as one user's remember) and batches of 500.
// Run: node apps/bench/scripts/probeKeywordLogIngest.mjs postgres://…/db [blocks=6]
import { fingerprint } from '@agent-memory/core'
import { createPgVectorStore } from '@agent-memory/store-pgvector'
import pg from 'pg'
import { createRng } from '../dist/harness/createRng.js'
import { synthesizeText } from '../dist/harness/synthesizeText.js'
import { createScratchDatabase } from '../dist/pg/createScratchDatabase.js'

const url = process.argv[2] ?? process.env.DATABASE_URL
if (!url) throw new Error('usage: probeKeywordLogIngest.mjs <postgres url> [blocks]')
const blocks = Number(process.argv[3] ?? 6)
const dimensions = 512
const db = await createScratchDatabase(url, `agent_memory_probe_log_${process.pid}`)
const pool = new pg.Pool({ connectionString: db.url, max: 4 })
const TRIGGERS = ['insert', 'delete', 'update', 'truncate'].map((t) => `memories_keyword_log_${t}`)
try {
  const store = await createPgVectorStore({ pool, dimensions, model: 'probe', migrate: true })
  const rng = createRng(7)
  let n = 0
  const memory = () => {
    const content = `${synthesizeText(rng, 160)} (#${n})`
    return {
      id: `m-${n++}`,
      tier: 'semantic',
      content,
      fingerprint: fingerprint(content),
      embedding: Float32Array.from({ length: dimensions }, () => rng.normal()),
    }
  }
  const rates = { on: { small: [], batch: [] }, off: { small: [], batch: [] } }
  for (let block = 0; block < blocks * 2; block++) {
    // A B B A: neither comes first in every pair.
    const mode = block % 4 === 0 || block % 4 === 3 ? 'on' : 'off'
    for (const trigger of TRIGGERS) {
      await pool.query(`ALTER TABLE memories ${mode === 'on' ? 'ENABLE' : 'DISABLE'} TRIGGER ${trigger}`)
    }
    let started = performance.now()
    for (let i = 0; i < 300; i++) await store.upsert(`user-${i % 100}`, [memory()])
    rates[mode].small.push(300 / ((performance.now() - started) / 1000))
    started = performance.now()
    for (let i = 0; i < 4; i++) await store.upsert('big', Array.from({ length: 500 }, memory))
    rates[mode].batch.push(2000 / ((performance.now() - started) / 1000))
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  for (const kind of ['small', 'batch']) {
    const on = median(rates.on[kind])
    const off = median(rates.off[kind])
    console.log(
      `${kind.padEnd(6)} log on ${on.toFixed(0)} memories/s, off ${off.toFixed(0)} memories/s: on/off ${(on / off).toFixed(3)}`,
    )
  }
  await store.close()
} finally {
  await pool.end()
  await db.drop()
}

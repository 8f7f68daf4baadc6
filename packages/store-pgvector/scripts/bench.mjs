#!/usr/bin/env node
// Store-level measurements on a real PostgreSQL (the full benchmark lives in apps/bench):
//   1. bulk insert rows/s, binary COPY path vs multi-row INSERT path, same run, 1536-d;
//   2. per-namespace vector search latency at 1,000 namespaces × 100 rows + one of 20,000.
// Usage (after `npx tsc -p tsconfig.build.json` in this package):
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/agent_memory_test node scripts/bench.mjs
// Sizes: BENCH_BULK (20000), BENCH_NAMESPACES (1000), BENCH_ROWS (100), BENCH_LARGE (20000), BENCH_DIMS (1536).
import pg from 'pg'
import { createPgVectorStore, migrate } from '../dist/index.js'

const env = (name, fallback) => Number(process.env[name] ?? fallback)
const BULK = env('BENCH_BULK', 20_000)
const NAMESPACES = env('BENCH_NAMESPACES', 1000)
const ROWS = env('BENCH_ROWS', 100)
const LARGE = env('BENCH_LARGE', 20_000)
const DIMS = env('BENCH_DIMS', 1536)
const base = process.env.DATABASE_URL
if (!base) throw new Error('set DATABASE_URL')

let seed = 12345
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0
  let t = seed
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const gaussian = () => Math.sqrt(-2 * Math.log(Math.max(random(), 1e-12))) * Math.cos(2 * Math.PI * random())
const normalize = (v) => {
  let n = 0
  for (const x of v) n += x * x
  n = Math.sqrt(n)
  return v.map((x) => x / n)
}
const centres = Array.from({ length: 1000 }, () => normalize(Float32Array.from({ length: DIMS }, gaussian)))
const vector = () => {
  const c = centres[Math.floor(random() * centres.length)]
  return normalize(Float32Array.from(c, (x) => x + (0.8 / Math.sqrt(DIMS)) * gaussian()))
}
const rows = (prefix, count) =>
  Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${i}`,
    tier: 'semantic',
    content: `benchmark memory ${prefix} ${i}`,
    fingerprint: `${prefix}-${i}`,
    embedding: vector(),
  }))
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

const dbName = `am_bench_${process.pid}`
const admin = new pg.Client({ connectionString: base })
await admin.connect()
await admin.query(`CREATE DATABASE ${dbName}`)
await admin.query(`ALTER DATABASE ${dbName} SET maintenance_work_mem = '2GB'`)
const url = new URL(base)
url.pathname = `/${dbName}`
const pool = new pg.Pool({ connectionString: url.toString(), max: 4 })
// DROP DATABASE … WITH (FORCE) at the end terminates idle connections of this pool.
pool.on('error', () => undefined)
const server = (
  await pool.query(
    "SELECT version() AS v, (SELECT extversion FROM pg_extension WHERE extname = 'vector') AS pgv",
  )
).rows[0]
try {
  // Bulk inserts into a table without the HNSW index (pgvector: build indexes after loading).
  await migrate(pool, { dimensions: DIMS, annIndex: false })
  const server2 = (await pool.query("SELECT extversion FROM pg_extension WHERE extname = 'vector'")).rows[0]
  console.log(
    `PostgreSQL: ${server.v.split(',')[0]}, pgvector ${server2.extversion}; ${DIMS}-d; node ${process.version}`,
  )
  const copyStore = await createPgVectorStore({ pool, dimensions: DIMS, model: 'bench', bulkThreshold: 500 })
  const insertStore = await createPgVectorStore({
    pool,
    dimensions: DIMS,
    model: 'bench',
    bulkThreshold: Number.POSITIVE_INFINITY,
  })
  const load = async (store, ns, data, batch) => {
    const start = performance.now()
    for (let i = 0; i < data.length; i += batch) await store.upsert(ns, data.slice(i, i + batch))
    return data.length / ((performance.now() - start) / 1000)
  }
  const copyData = rows('copy', BULK)
  const insertData = rows('insert', BULK)
  const copyRate = await load(copyStore, 'bulk-copy', copyData, 5000)
  const insertRate = await load(insertStore, 'bulk-insert', insertData, 500)
  console.log(
    `bulk upsert ${BULK} rows: binary COPY ${copyRate.toFixed(0)} rows/s (batches of 5000); multi-row INSERT ${insertRate.toFixed(0)} rows/s (batches of 500); ratio ${(copyRate / insertRate).toFixed(1)}x`,
  )
  await pool.query("DELETE FROM memories WHERE namespace IN ('bulk-copy', 'bulk-insert')")

  // Search corpus: NAMESPACES × ROWS plus one LARGE namespace, loaded by COPY, then indexed.
  let start = performance.now()
  const large = rows('large', LARGE)
  await load(copyStore, 'large', large, 5000)
  const smallQueries = []
  for (let n = 0; n < NAMESPACES; n++) {
    const data = rows(`ns${n}`, ROWS)
    await copyStore.upsert(`ns${n}`, data)
    if (n % Math.max(1, Math.floor(NAMESPACES / 200)) === 0) smallQueries.push({ ns: `ns${n}`, q: vector() })
  }
  const loadSeconds = (performance.now() - start) / 1000
  start = performance.now()
  await migrate(pool, { dimensions: DIMS })
  const indexSeconds = (performance.now() - start) / 1000
  await pool.query('VACUUM ANALYZE memories')
  console.log(
    `corpus ${NAMESPACES}×${ROWS} + ${LARGE}: loaded in ${loadSeconds.toFixed(1)} s, HNSW built in ${indexSeconds.toFixed(1)} s`,
  )
  await copyStore.close()
  await insertStore.close()

  const time = async (store, ns, q, limit = 10) => {
    const t = performance.now()
    const hits = await store.searchVector(ns, q, { limit })
    return { ms: performance.now() - t, hits }
  }
  const exact = await createPgVectorStore({
    pool,
    dimensions: DIMS,
    model: 'bench',
    exactSearchMaxRows: 1_000_000,
  })
  const ann = await createPgVectorStore({ pool, dimensions: DIMS, model: 'bench' })
  for (const { ns, q } of smallQueries.slice(0, 20)) await time(exact, ns, q)
  const small = []
  let shortAnswers = 0
  for (const { ns, q } of smallQueries) {
    const { ms, hits } = await time(exact, ns, q)
    small.push(ms)
    if (hits.length !== Math.min(10, ROWS)) shortAnswers++
  }
  console.log(
    `small namespaces (${ROWS} rows, exact path), ${small.length} queries: p50 ${percentile(small, 50).toFixed(2)} ms, p95 ${percentile(small, 95).toFixed(2)} ms, short answers ${shortAnswers}`,
  )

  const largeQueries = Array.from({ length: 100 }, () => vector())
  for (const q of largeQueries.slice(0, 10)) {
    await time(exact, 'large', q)
    await time(ann, 'large', q)
  }
  const exactMs = []
  const annMs = []
  let recall = 0
  for (const q of largeQueries) {
    const e = await time(exact, 'large', q)
    const a = await time(ann, 'large', q)
    exactMs.push(e.ms)
    annMs.push(a.ms)
    const truth = new Set(e.hits.map((h) => h.memory.id))
    recall += a.hits.filter((h) => truth.has(h.memory.id)).length / truth.size
  }
  console.log(
    `large namespace (${LARGE} rows), 100 queries, limit 10: exact scan p50 ${percentile(exactMs, 50).toFixed(2)} ms (p95 ${percentile(exactMs, 95).toFixed(2)}); HNSW + iterative scan p50 ${percentile(annMs, 50).toFixed(2)} ms (p95 ${percentile(annMs, 95).toFixed(2)}), recall@10 ${(recall / largeQueries.length).toFixed(3)}`,
  )
  await exact.close()
  await ann.close()
} finally {
  await pool.end()
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
  await admin.end()
}

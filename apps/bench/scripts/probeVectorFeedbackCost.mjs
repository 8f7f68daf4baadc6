// What vector feedback (core's `vectorFeedback`) adds to one recall, same run: one service with it
// and one without, over the same store, alternating query by query (A B, B A, …). The embedder is
// the offline hashing one with feedback turned on by hand (its kind leaves it off by default), so
// the figure is the store's and the service's share alone: a semantic model adds its own query
// embedding to both sides. Reports p50 and p95 of each side, their ratio, and how long the two
// store calls feedback adds take (`storedEmbeddings`, the second `searchLegs`). Report `uptime`
// beside the figures.
// Run: pnpm turbo run build --filter=@agent-memory/bench... && \
//   [DATABASE_URL=postgres://…] node apps/bench/scripts/probeVectorFeedbackCost.mjs \
//     [--store embedded|postgres] [--rows 10000] [--queries 200]
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createMemory } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { createPgVectorStore, migrate, openEmbeddedStore } from '@agent-memory/store-pgvector'
import pg from 'pg'

const { values: args } = parseArgs({
  options: {
    store: { type: 'string', default: 'embedded' },
    rows: { type: 'string', default: '10000' },
    queries: { type: 'string', default: '200' },
  },
})
const rows = Number(args.rows)
const queries = Number(args.queries)
const WORDS = (
  'coffee tea garden bicycle mountain river piano violin kitchen recipe travel paris london book ' +
  'novel film museum dog cat bird market bread cheese wine beach winter summer office meeting ' +
  'project deadline doctor allergy'
).split(' ')
let seed = 7
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
}
const word = () => WORDS[Math.floor(random() * WORDS.length)]

const embedder = createHashingEmbedder()
const cleanups = []
let store
if (args.store === 'postgres') {
  if (!process.env.DATABASE_URL) throw new Error('--store postgres needs DATABASE_URL')
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await admin.connect()
  const name = `probe_feedback_${process.pid}`
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(process.env.DATABASE_URL)
  url.pathname = `/${name}`
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 })
  await migrate(pool, { dimensions: embedder.dimensions })
  store = await createPgVectorStore({ pool, dimensions: embedder.dimensions, model: embedder.model })
  cleanups.push(async () => {
    await pool.end()
    await admin.query(`DROP DATABASE ${name}`)
    await admin.end()
  })
} else {
  const dataDir = mkdtempSync(join(tmpdir(), 'probe-feedback-'))
  store = await openEmbeddedStore({ dataDir, model: embedder.model, dimensions: embedder.dimensions })
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))
}

// The two store calls feedback adds, timed on the side that makes them.
const storeTimes = { storedEmbeddings: [], searchLegs: [] }
const timed = new Proxy(store, {
  get(target, property, receiver) {
    const value = Reflect.get(target, property, receiver)
    if (typeof value !== 'function') return value
    if (!(property in storeTimes)) return value.bind(target)
    return async (...callArgs) => {
      const started = performance.now()
      try {
        return await value.apply(target, callArgs)
      } finally {
        storeTimes[property].push(performance.now() - started)
      }
    }
  },
})
const sides = {
  without: createMemory({ store, embedder, options: { vectorFeedback: false } }),
  with: createMemory({ store: timed, embedder, options: { vectorFeedback: { hits: 3, weight: 0.5 } } }),
}
for (let i = 0; i < rows; i += 500) {
  const batch = Array.from({ length: Math.min(500, rows - i) }, (_, j) => ({
    content: `The user ${word()} ${word()} and ${word()} on day ${i + j} near the ${word()}.`,
  }))
  await sides.without.rememberMany('probe', batch)
}
const asked = Array.from({ length: queries + 20 }, () => `What about the ${word()} and ${word()}?`)
for (const query of asked.slice(0, 20))
  for (const side of Object.values(sides)) await side.recall('probe', query)
for (const key of Object.keys(storeTimes)) storeTimes[key].length = 0
const times = { without: [], with: [] }
for (const [i, query] of asked.slice(20).entries()) {
  const order = i % 2 === 0 ? ['with', 'without'] : ['without', 'with']
  for (const name of order) {
    const started = performance.now()
    await sides[name].recall('probe', query, { limit: 5 })
    times[name].push(performance.now() - started)
  }
}
const at = (list, q) => [...list].sort((a, b) => a - b)[Math.floor(q * (list.length - 1))]
const ms = (value) => value.toFixed(2)
console.log(`${args.store}, ${rows} memories, ${queries} recalls a side, alternating`)
for (const name of ['without', 'with'])
  console.log(
    `  ${name.padEnd(7)} feedback: p50 ${ms(at(times[name], 0.5))} ms, p95 ${ms(at(times[name], 0.95))} ms`,
  )
console.log(`  p50 ratio with/without: ${(at(times.with, 0.5) / at(times.without, 0.5)).toFixed(2)}`)
console.log(
  `  with feedback, storedEmbeddings p50 ${ms(at(storeTimes.storedEmbeddings, 0.5))} ms; searchLegs p50 ${ms(at(storeTimes.searchLegs, 0.5))} ms (first and second search)`,
)
for (const side of Object.values(sides)) await side.close()
await store.close()
for (const cleanup of cleanups) await cleanup()

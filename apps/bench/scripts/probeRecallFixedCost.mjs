// What one recall costs at W12's "1 user × 1,000" row, and where it goes. The side is wired by
// W12's own `openOursSide` (createMemory over the embedded store or PostgreSQL, embedder-openrouter
// at an OpenAI-compatible fake server serving the hashing embedder's vectors, in a process of its
// own as in W12), the memories and queries are W12's (same generators, seeds, batches, order).
// Each search is split into:
//   embed     the query embedding's HTTP call (what every W12 side pays, Mastra and mem0 too);
//   legs      the store's `searchLegs` (statements, in-process rankings, rows decoded);
//   rest      the service around them (plan, fusion, ranking steps, reinforcement queueing).
// With `--base <checkout>` the same searches run on a second side built from another checkout
// (its own store and database, the same data), the two alternating search by search (A B B A …),
// and every answer is compared: same-run before/after figures for identical results.
// Report `uptime` beside the figures.
// Run: pnpm turbo run build --filter=@agent-memory/bench... && \
//   DATABASE_URL=postgres://… node apps/bench/scripts/probeRecallFixedCost.mjs \
//     [--store embedded|postgres|both] [--rows 1000] [--queries 200] [--rounds 1] \
//     [--base /path/to/other/checkout] [--cpu-prof out.cpuprofile]
import { fork } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

const DIMENSIONS = 512
const TEXT_SEED = 0x12a
const QUERY_SEED = 0x12b
const SOLO = 'solo-user'
const here = fileURLToPath(import.meta.url)
const thisRepo = resolve(here, '../../../..')

if (process.argv[2] === '--serve') {
  // The embeddings server, in a process of its own as W12 runs it (in the bench's process).
  const { startFakeEmbeddingsServer } = await import('@agent-memory/testkit')
  const { createHashingEmbedder } = await import('@agent-memory/embedder-hashing')
  const hashing = createHashingEmbedder({ dimensions: DIMENSIONS })
  const server = await startFakeEmbeddingsServer({ dimensions: DIMENSIONS, embed: (i) => hashing.embed(i) })
  process.send?.(server.url)
  process.on('disconnect', () => void server.close().then(() => process.exit(0)))
} else {
  await main()
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      store: { type: 'string', default: 'both' },
      rows: { type: 'string', default: '1000' },
      queries: { type: 'string', default: '200' },
      warmup: { type: 'string', default: '20' },
      rounds: { type: 'string', default: '1' },
      base: { type: 'string' },
      'cpu-prof': { type: 'string' },
      k: { type: 'string', default: '10' },
      statements: { type: 'boolean', default: false },
    },
  })
  const rows = Number(args.rows)
  const queries = Number(args.queries)
  const warmup = Number(args.warmup)
  const k = Number(args.k)
  const kinds = args.store === 'both' ? ['embedded', 'postgres'] : [args.store]
  const databaseUrl = process.env.DATABASE_URL
  if (kinds.includes('postgres') && !databaseUrl) throw new Error('postgres needs DATABASE_URL')

  const { createRng } = await import(pathToFileURL(`${thisRepo}/apps/bench/dist/harness/createRng.js`).href)
  const { synthesizeText } = await import(
    pathToFileURL(`${thisRepo}/apps/bench/dist/harness/synthesizeText.js`).href
  )
  const { createScratchDatabase } = await import(
    pathToFileURL(`${thisRepo}/apps/bench/dist/pg/createScratchDatabase.js`).href
  )

  const server = fork(here, ['--serve'], { stdio: 'inherit' })
  const embedderUrl = await new Promise((ok) => server.once('message', ok))

  // Times the embedder's HTTP calls (the only fetches a side makes).
  let fetchMs = 0
  const realFetch = globalThis.fetch
  globalThis.fetch = async (...a) => {
    const t0 = performance.now()
    try {
      return await realFetch(...a)
    } finally {
      fetchMs += performance.now() - t0
    }
  }

  // W12's data: the first `rows` texts of the one user, in batches of 100; its query stream.
  const textRng = createRng(TEXT_SEED)
  const texts = Array.from({ length: rows }, (_, i) => `${synthesizeText(textRng, 160)} (#${i})`)
  const queryRng = createRng(QUERY_SEED)
  const asked = Array.from({ length: warmup + queries * Number(args.rounds) }, () =>
    synthesizeText(queryRng, 60),
  )

  const statements = args.statements ? await traceStatements() : undefined

  const checkouts = args.base ? [{ name: 'base', repo: resolve(args.base) }] : []
  checkouts.push({ name: 'this', repo: thisRepo })
  const percentile = (xs, p) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]
  const profile = args['cpu-prof'] ? new Session() : undefined
  profile?.connect()

  for (const kind of kinds) {
    const sides = []
    for (const checkout of checkouts) {
      const dist = (path) => pathToFileURL(`${checkout.repo}/${path}`).href
      const { openOursSide } = await import(dist('apps/bench/dist/peers/w12/openOursSide.js'))
      const { PgVectorStore } = await import(dist('packages/store-pgvector/dist/index.js'))
      // Times the store's legs (patched once per checkout's class).
      const legs = { ms: 0 }
      if (!PgVectorStore.prototype.__probed) {
        const searchLegs = PgVectorStore.prototype.searchLegs
        PgVectorStore.prototype.searchLegs = async function (...a) {
          const t0 = performance.now()
          try {
            return await searchLegs.apply(this, a)
          } finally {
            PgVectorStore.prototype.__legsMs += performance.now() - t0
          }
        }
        PgVectorStore.prototype.__probed = true
        PgVectorStore.prototype.__legsMs = 0
      }
      legs.read = () => PgVectorStore.prototype.__legsMs
      const db =
        kind === 'postgres'
          ? await createScratchDatabase(
              databaseUrl,
              `agent_memory_probe_fixed_${process.pid}_${checkout.name}`,
            )
          : undefined
      const side = await openOursSide({
        side: kind === 'postgres' ? 'ours-postgres' : 'ours-embedded',
        ...(db ? { databaseUrl: db.url } : {}),
        embedderUrl,
        dimensions: DIMENSIONS,
        solo: rows,
        checkpoints: [rows],
        users: 0,
        perUser: 0,
        queries,
        warmup,
        k,
        batch: 100,
        resultFile: '',
      })
      for (let start = 0; start < texts.length; start += 100)
        await side.add(SOLO, texts.slice(start, start + 100))
      sides.push({ ...checkout, side, db, legs, times: { total: [], embed: [], legs: [], rest: [] } })
    }
    let differing = 0
    for (const [i, query] of asked.entries()) {
      if (i === warmup) statements?.reset()
      if (i === warmup) await profile?.post('Profiler.enable').then(() => profile.post('Profiler.start'))
      const answers = []
      // A B, then B A: neither side always runs first.
      const order = i % 2 === 0 ? sides : [...sides].reverse()
      for (const s of order) {
        const fetch0 = fetchMs
        const legs0 = s.legs.read()
        const t0 = performance.now()
        const hits = await s.side.search(SOLO, query, k)
        const total = performance.now() - t0
        answers.push(JSON.stringify(hits))
        if (i < warmup) continue
        const embed = fetchMs - fetch0
        const legs = s.legs.read() - legs0
        s.times.total.push(total)
        s.times.embed.push(embed)
        s.times.legs.push(legs)
        s.times.rest.push(total - embed - legs)
      }
      if (answers.some((a) => a !== answers[0])) differing++
    }
    if (profile) {
      const { profile: taken } = await profile.post('Profiler.stop')
      const file = args['cpu-prof'].replace(/(\.cpuprofile)?$/, `.${kind}.cpuprofile`)
      await writeFile(file, JSON.stringify(taken))
      console.log(`profile of the timed searches: ${file}`)
    }
    const searches = asked.length - warmup
    if (statements) {
      console.log(`${kind}: statements per search (every side together, background work included)`)
      for (const [text, { calls, ms }] of [...statements.taken()]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, 25))
        console.log(
          `  ${(calls / searches).toFixed(2).padStart(6)} × ${(ms / calls).toFixed(3).padStart(7)} ms = ${(ms / searches).toFixed(3).padStart(7)} ms/search  ${text}`,
        )
    }
    console.log(
      `${kind}, 1 user × ${rows}, ${searches} searches (k ${k})${sides.length > 1 ? `, answers differing between sides: ${differing}` : ''}`,
    )
    for (const s of sides) {
      const line = Object.entries(s.times)
        .map(
          ([part, xs]) =>
            `${part} p50 ${percentile(xs, 0.5).toFixed(2)} p99 ${percentile(xs, 0.99).toFixed(2)}`,
        )
        .join(' | ')
      console.log(`  ${s.name.padEnd(5)} ${line} (ms)`)
    }
    for (const s of sides) {
      await s.side.close()
      await s.db?.drop()
    }
  }
  profile?.disconnect()
  server.disconnect()
}

/**
 * Times every statement by its text: PGlite's protocol calls (a Parse or simple Query names the
 * statement; the Bind/Execute/Sync calls after it count toward it) and node-postgres' queries.
 */
async function traceStatements() {
  const require = createRequire(`${thisRepo}/packages/store-pgvector/package.json`)
  const pgliteDir = dirname(require.resolve('@electric-sql/pglite'))
  const { PGlite } = await import(pathToFileURL(`${pgliteDir}/index.js`).href)
  const pg = require('pg')
  let seen = new Map()
  const count = (text, ms) => {
    const key = text.replace(/\s+/g, ' ').slice(0, 110)
    const entry = seen.get(key) ?? { calls: 0, ms: 0 }
    entry.calls++
    entry.ms += ms
    seen.set(key, entry)
  }
  let current = '?'
  const raw = PGlite.prototype.execProtocolRaw
  PGlite.prototype.execProtocolRaw = async function (message, options) {
    const tag = String.fromCharCode(message[0])
    if (tag === 'Q') current = `Q ${new TextDecoder().decode(message.subarray(5, message.length - 1))}`
    else if (tag === 'P') {
      const nameEnd = message.indexOf(0, 5)
      current = new TextDecoder().decode(message.subarray(nameEnd + 1, message.indexOf(0, nameEnd + 1)))
    }
    const t0 = performance.now()
    try {
      return await raw.call(this, message, options)
    } finally {
      if (tag === 'P' || tag === 'Q') count(current, performance.now() - t0)
      else seen.get(current.replace(/\s+/g, ' ').slice(0, 110)).ms += performance.now() - t0
    }
  }
  const query = pg.Client.prototype.query
  pg.Client.prototype.query = function (config, values, callback) {
    const text = typeof config === 'string' ? config : (config?.text ?? '?')
    const t0 = performance.now()
    const result = query.call(this, config, values, callback)
    if (result && typeof result.then === 'function')
      result.then(
        () => count(`pg ${text}`, performance.now() - t0),
        () => undefined,
      )
    return result
  }
  return {
    reset: () => {
      seen = new Map()
    },
    taken: () => seen,
  }
}

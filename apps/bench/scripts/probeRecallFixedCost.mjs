// What one recall costs at W12's "1 user × 1,000" row (or, with `--users`, at its many-users row),
// and where it goes. The side is wired by
// W12's own `openOursSide` (createMemory over the embedded store or PostgreSQL, embedder-openrouter
// at an OpenAI-compatible fake server serving the hashing embedder's vectors, in a process of its
// own as in W12), the memories and queries are W12's (same generators, seeds, batches, order).
// Each search is split into:
//   embed     the query embedding's HTTP call (what every W12 side pays, Mastra and mem0 too);
//   legs      the store's `searchLegs` (statements, in-process rankings, rows decoded);
//   rest      the service around them (plan, fusion, ranking steps, reinforcement queueing).
// With `--base <checkout>` the same searches run on a second side built from another checkout
// (its own store and database, the same data), the two alternating search by search (A B B A …),
// and every answer is compared: same-run before/after figures for identical results. With
// `--block N` the sides alternate by runs of N searches (A×N B×N B×N A×N …), each side's queued
// writes waited out before the other's run: each side's background writes then meet only its own
// searches, batched as when it runs alone (as in W12), not the other side's.
// With `--users N --per-user M` the searches are W12's many-users row: the one user's `rows`
// memories first, then users `user-0..` with M texts each, searches over random users (W12's query
// stream past the one user's row). Every search is also tagged with its round trips, whether
// a reinforcement write of its side was in flight, whether it was its user's first, the garbage
// collection overlapping it and the process' CPU time in it, and the slowest 1 % are set beside
// the rest by those tags. With `--alloc-top N` the timed searches' allocations are sampled (also
// what a collection freed since) and the N functions allocating most per search are listed.
// Report `uptime` beside the figures.
// Run: pnpm turbo run build --filter=@agent-memory/bench... && \
//   DATABASE_URL=postgres://… node apps/bench/scripts/probeRecallFixedCost.mjs \
//     [--store embedded|postgres|both] [--rows 1000] [--queries 200] [--rounds 1] \
//     [--users 1000 --per-user 10] [--base /path/to/other/checkout] [--block 1] \
//     [--cpu-prof out.cpuprofile] [--alloc-top 20] [--statements]
import { fork } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { constants, PerformanceObserver } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

const DIMENSIONS = 512
const TEXT_SEED = 0x12a
const QUERY_SEED = 0x12b
const SOLO = 'solo-user'
/** W12's warm-up and timed searches at each of the one user's checkpoints (its query stream's share). */
const W12_ROW_SEARCHES = 20 + 200
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
      'alloc-top': { type: 'string' },
      k: { type: 'string', default: '10' },
      users: { type: 'string', default: '0' },
      'per-user': { type: 'string', default: '10' },
      block: { type: 'string', default: '1' },
      statements: { type: 'boolean', default: false },
    },
  })
  const rows = Number(args.rows)
  const queries = Number(args.queries)
  const warmup = Number(args.warmup)
  const k = Number(args.k)
  const users = Number(args.users)
  const perUser = Number(args['per-user'])
  const block = Number(args.block)
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

  // W12's data: the first `rows` texts of the one user, in batches of 100, then `users` users'
  // `perUser` texts each; its query stream (past the one user's rows when the row is many users').
  const textRng = createRng(TEXT_SEED)
  const texts = Array.from({ length: rows }, (_, i) => `${synthesizeText(textRng, 160)} (#${i})`)
  const textsOf = Array.from({ length: users }, (_, u) =>
    Array.from({ length: perUser }, (_, i) => `${synthesizeText(textRng, 160)} (#user-${u}-${i})`),
  )
  const queryRng = createRng(QUERY_SEED)
  if (users > 0) {
    const checkpoints = new Set([Math.min(1000, rows), rows]).size
    for (let i = 0; i < checkpoints * W12_ROW_SEARCHES; i++) synthesizeText(queryRng, 60)
  }
  const asked = Array.from({ length: warmup + queries * Number(args.rounds) }, () => ({
    user: users > 0 ? `user-${queryRng.int(users)}` : SOLO,
    query: synthesizeText(queryRng, 60),
  }))
  const gcs = []
  new PerformanceObserver((list) => gcs.push(...list.getEntries())).observe({ entryTypes: ['gc'] })
  const cpuMs = () => {
    const { user, system } = process.cpuUsage()
    return (user + system) / 1000
  }

  const statements = args.statements ? await traceStatements() : undefined

  const checkouts = args.base ? [{ name: 'base', repo: resolve(args.base) }] : []
  checkouts.push({ name: 'this', repo: thisRepo })
  const percentile = (xs, p) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]
  const instruments = new Map()
  const profile = args['cpu-prof'] ? new Session() : undefined
  profile?.connect()
  const allocations = args['alloc-top'] ? new Session() : undefined
  allocations?.connect()

  for (const kind of kinds) {
    const sides = []
    for (const checkout of checkouts) {
      if (!instruments.has(checkout.repo)) instruments.set(checkout.repo, await instrument(checkout.repo))
      const { openOursSide, legs, roundTrips, reinforcing } = instruments.get(checkout.repo)
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
        users,
        perUser,
        queries,
        warmup,
        k,
        batch: 100,
        resultFile: '',
      })
      const write = async (user, list) => {
        for (let start = 0; start < list.length; start += 100)
          await side.add(user, list.slice(start, start + 100))
      }
      await write(SOLO, texts)
      for (const [u, userTexts] of textsOf.entries()) await write(`user-${u}`, userTexts)
      sides.push({
        ...checkout,
        side,
        db,
        legs,
        roundTrips,
        reinforcing,
        times: { total: [], embed: [], legs: [], rest: [] },
        searches: [],
      })
    }
    const seen = new Set()
    const first = asked.map(({ user }) => {
      const is = !seen.has(user)
      seen.add(user)
      return is
    })
    const answers = asked.map(() => [])
    // Runs of `block` searches a side (the warm-up one run), the sides' order flipping run by run.
    const runs = [[0, warmup]]
    for (let start = warmup; start < asked.length; start += block)
      runs.push([start, Math.min(asked.length, start + block)])
    for (const [r, [from, to]] of runs.entries()) {
      if (from === warmup) {
        // As W12: what the warm-up set off (index builds, calibration) is waited out before the window.
        for (const s of sides) await s.side.settle()
        statements?.reset()
        await profile?.post('Profiler.enable').then(() => profile.post('Profiler.start'))
        // Every allocation sampled, also what a scavenge or a full collection has freed since.
        await allocations?.post('HeapProfiler.startSampling', {
          samplingInterval: 4096,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        })
      }
      // A B, then B A: neither side always runs first.
      const order = r % 2 === 0 ? sides : [...sides].reverse()
      for (const s of order) {
        for (let i = from; i < to; i++) {
          const { user, query } = asked[i]
          const fetch0 = fetchMs
          const legs0 = s.legs()
          const trips0 = s.roundTrips()
          const cpu0 = cpuMs()
          const writes0 = sides.map(({ reinforcing: w }) => ({ busy: w.inFlight > 0, started: w.started }))
          const t0 = performance.now()
          const hits = await s.side.search(user, query, k)
          const total = performance.now() - t0
          answers[i].push(JSON.stringify(hits))
          if (i < warmup) continue
          const embed = fetchMs - fetch0
          const legs = s.legs() - legs0
          s.times.total.push(total)
          s.times.embed.push(embed)
          s.times.legs.push(legs)
          s.times.rest.push(total - embed - legs)
          const writing = sides.filter(
            ({ reinforcing: w }, n) => writes0[n].busy || w.started !== writes0[n].started,
          )
          s.searches.push({
            t0,
            total,
            embed,
            legs,
            trips: s.roundTrips() - trips0,
            // A side's reinforcement write was in flight at some moment of the search: its own, another's.
            reinforcing: writing.includes(s),
            othersReinforcing: writing.some((w) => w !== s),
            first: first[i],
            cpu: cpuMs() - cpu0,
          })
        }
        // In runs, a side's queued writes land before the other side's run: neither's overlap the other's searches.
        if (block > 1) await s.side.settle()
      }
    }
    const differing = answers.filter((a) => a.some((x) => x !== a[0])).length
    if (profile) {
      const { profile: taken } = await profile.post('Profiler.stop')
      const file = args['cpu-prof'].replace(/(\.cpuprofile)?$/, `.${kind}.cpuprofile`)
      await writeFile(file, JSON.stringify(taken))
      console.log(`profile of the timed searches: ${file}`)
    }
    const searches = asked.length - warmup
    if (allocations) {
      const { profile: sampled } = await allocations.post('HeapProfiler.stopSampling')
      reportAllocations(sampled, searches, Number(args['alloc-top']))
    }
    if (statements) {
      console.log(`${kind}: statements per search (every side together, background work included)`)
      for (const [text, { calls, ms }] of [...statements.taken()]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, 25))
        console.log(
          `  ${(calls / searches).toFixed(2).padStart(6)} × ${(ms / calls).toFixed(3).padStart(7)} ms = ${(ms / searches).toFixed(3).padStart(7)} ms/search  ${text}`,
        )
    }
    const row = users > 0 ? `${users} users × ${perUser} (+ 1 × ${rows})` : `1 user × ${rows}`
    console.log(
      `${kind}, ${row}, ${searches} searches (k ${k})${sides.length > 1 ? `, answers differing between sides: ${differing}` : ''}`,
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
    describeTail(sides, kind, gcs, percentile)
    for (const s of sides) {
      await s.side.close()
      await s.db?.drop()
    }
  }
  profile?.disconnect()
  server.disconnect()
}

/**
 * One checkout's side opener and its gauges (patched once per checkout's classes): time in the
 * store's `searchLegs`, round trips of its node-postgres clients, and its reinforcement writes in
 * flight (`inFlight`) and started so far (`started`).
 */
async function instrument(repo) {
  const dist = (path) => pathToFileURL(`${repo}/${path}`).href
  const { openOursSide } = await import(dist('apps/bench/dist/peers/w12/openOursSide.js'))
  const { countPgStatements } = await import(dist('apps/bench/dist/peers/w12/countPgStatements.js'))
  const { PgVectorStore } = await import(dist('packages/store-pgvector/dist/index.js'))
  const prototype = PgVectorStore.prototype
  let legsMs = 0
  const searchLegs = prototype.searchLegs
  prototype.searchLegs = async function (...a) {
    const t0 = performance.now()
    try {
      return await searchLegs.apply(this, a)
    } finally {
      legsMs += performance.now() - t0
    }
  }
  const reinforcing = { inFlight: 0, started: 0 }
  for (const name of ['reinforce', 'reinforceMany']) {
    const write = prototype[name]
    if (!write) continue
    prototype[name] = async function (...a) {
      reinforcing.inFlight++
      reinforcing.started++
      try {
        return await write.apply(this, a)
      } finally {
        reinforcing.inFlight--
      }
    }
  }
  return { openOursSide, legs: () => legsMs, roundTrips: countPgStatements(), reinforcing }
}

/**
 * Per side: the searches' spread and round trips, then the slowest 1 % beside all: how many were a
 * user's first, overlapped a reinforcement write or a garbage collection, and their mean parts.
 */
function describeTail(sides, kind, gcs, percentile) {
  for (const s of sides) {
    for (const search of s.searches) {
      const end = search.t0 + search.total
      search.gc = gcs.reduce(
        (ms, gc) =>
          ms + Math.max(0, Math.min(end, gc.startTime + gc.duration) - Math.max(search.t0, gc.startTime)),
        0,
      )
      // A full (mark-compact) collection's pause overlapping the search, besides any scavenge.
      search.majorGc = gcs.some(
        (gc) =>
          gc.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR &&
          gc.startTime < end &&
          gc.startTime + gc.duration > search.t0,
      )
    }
    const xs = s.times.total
    const mean = (list, of) => list.reduce((sum, x) => sum + of(x), 0) / list.length
    const share = (list, is) => `${((100 * list.filter(is).length) / list.length).toFixed(0)} %`
    const spread = [0.5, 0.9, 0.99, 0.999].map((p) => `p${p * 100} ${percentile(xs, p).toFixed(2)}`).join(' ')
    const trips = kind === 'postgres' ? mean(s.searches, (x) => x.trips).toFixed(2) : '–'
    console.log(
      `  ${s.name.padEnd(5)} total ${spread} max ${Math.max(...xs).toFixed(2)} (ms), round trips/search ${trips}`,
    )
    const slowest = [...s.searches]
      .sort((a, b) => b.total - a.total)
      .slice(0, Math.max(1, Math.ceil(xs.length / 100)))
    for (const [label, list] of [
      [`slowest ${slowest.length}`, slowest],
      ['all', s.searches],
    ])
      console.log(
        `    ${label.padEnd(12)} round trips ${mean(list, (x) => x.trips).toFixed(2)}, reinforcing ${share(list, (x) => x.reinforcing)} (other side's ${share(list, (x) => x.othersReinforcing)}), first of user ${share(list, (x) => x.first)}, gc ${share(list, (x) => x.gc > 0)} (${mean(list, (x) => x.gc).toFixed(2)} ms; major ${share(list, (x) => x.majorGc)}), embed ${mean(list, (x) => x.embed).toFixed(2)} legs ${mean(list, (x) => x.legs).toFixed(2)} rest ${mean(list, (x) => x.total - x.embed - x.legs).toFixed(2)} cpu ${mean(list, (x) => x.cpu).toFixed(2)} (ms)`,
      )
    // Each tag's searches against the others': a tag the tail comes from moves p99, not just its share.
    const split = [
      ['reinforcing', (x) => x.reinforcing],
      ["other side's reinforcing", (x) => x.othersReinforcing],
      ['first of user', (x) => x.first],
      ['gc', (x) => x.gc > 0],
      ['major gc', (x) => x.majorGc],
      ['> 2 round trips', (x) => x.trips > 2],
    ].map(([label, is]) => {
      const [yes, no] = [s.searches.filter(is), s.searches.filter((x) => !is(x))]
      const at = (list) =>
        list.length
          ? `p50 ${percentile(
              list.map((x) => x.total),
              0.5,
            ).toFixed(2)} p99 ${percentile(
              list.map((x) => x.total),
              0.99,
            ).toFixed(2)} (${list.length})`
          : '–'
      return `${label}: ${at(yes)} / not: ${at(no)}`
    })
    console.log(`    ${split.join('; ')}`)
  }
}

/**
 * The sampled allocations of the timed searches (bytes per search), by the function that allocated
 * them (self) and by the frames of this repository's packages on their stacks (inclusive).
 */
function reportAllocations(sampled, searches, top) {
  const self = new Map()
  const inclusive = new Map()
  const frameName = ({ callFrame: f }) =>
    `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(packages|apps|node_modules)\//, '$1/')}:${f.lineNumber + 1}`
  const walk = (node, stack) => {
    const name = frameName(node)
    const size = node.selfSize
    self.set(name, (self.get(name) ?? 0) + size)
    const here = [...stack, name]
    for (const child of node.children) walk(child, here)
    if (size > 0)
      for (const frame of new Set(here.filter((n) => n.includes('packages/'))))
        inclusive.set(frame, (inclusive.get(frame) ?? 0) + size)
  }
  walk(sampled.head, [])
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  console.log(`sampled allocations: ${(total / searches / 1024).toFixed(1)} KiB per search`)
  for (const [label, map] of [
    ['self', self],
    ['inclusive (this repository)', inclusive],
  ]) {
    console.log(`  by function, ${label}:`)
    for (const [name, size] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`    ${(size / searches / 1024).toFixed(1).padStart(8)} KiB  ${name}`)
  }
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

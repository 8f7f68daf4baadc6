// The keyword leg on PostgreSQL against the designs measured beside it, on the same searches.
// One user per text shape, `rows` memories each: W12's text (64 words, every query word in about
// a third of the memories) and Zipf-distributed text (20,000 pseudo-words, exponent 1.07).
//   leg          the store's keyword leg end to end in SQL (`searchText` of a store opened with
//                `inProcessKeywordIndex: false`: statistics, MaxScore, scoring statement, winners' rows);
//   held         the same leg through the process's shared in-process index (the default store:
//                one statement analysing the query and catching up from the change log, then the
//                winners' rows), its answers compared with the SQL leg's;
//   statements   the scoring statement alone, three ways, each with its rows scored in JS:
//     every      today's: every matching row's matched lexemes brought back and scored in JS;
//     top-k      every matching row scored in SQL (tf per term = ts_rank('{1,1,1,1}', search,
//                lexeme) decoded with width_bucket) and only the rows at the limit-th score brought
//                back (CTEs);
//     wand       MaxScore/WAND as a GIN filter: only rows holding at least m of the n query words
//                (`(a & b & …) | …` over every m-subset, m from the true limit-th score and the
//                terms' bound idf × (k1 + 1)), which GIN reads one posting list per operand for.
// The ways alternate search by search, so the machine's load weighs on all alike; the answers
// are compared (ids and scores). Report `uptime` beside the figures.
// Run: pnpm turbo run build --filter=@agent-memory/bench... && \
//   node apps/bench/scripts/probeKeywordLeg.mjs postgres://…/db [rows=10000] [queries=100]
import { fingerprint } from '@agent-memory/core'
import { createPgVectorStore } from '@agent-memory/store-pgvector'
import pg from 'pg'
import { parseTsvector } from '../../../packages/store-pgvector/dist/store/keyword/parseTsvector.js'
import { createRng } from '../dist/harness/createRng.js'
import { createZipfText } from '../dist/harness/createZipfText.js'
import { synthesizeText } from '../dist/harness/synthesizeText.js'
import { createScratchDatabase } from '../dist/pg/createScratchDatabase.js'

const url = process.argv[2] ?? process.env.DATABASE_URL
if (!url) throw new Error('usage: probeKeywordLeg.mjs <postgres url> [rows] [queries]')
const rows = Number(process.argv[3] ?? 10_000)
const queries = Number(process.argv[4] ?? 100)
const dimensions = 512
const limit = 40 // recall's keyword depth for limit 10 (candidateFactor 4)
const K1 = 1.2
const B = 0.75

// ts_rank('{1,1,1,1}', v, 'lexeme') = sum of 1/j² over the lexeme's tf positions / (π²/6).
const tfFromRank = (() => {
  const ranks = [0]
  let sum = 0
  for (let tf = 1; tf <= 256; tf++) {
    sum += 1 / (tf * tf)
    ranks.push(sum / 1.64493406685)
  }
  return ranks.slice(1).map((rank, i) => (ranks[i] + rank) / 2)
})()
const tsqueryLexeme = (lexeme) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`

/** The three scoring statements for one query's terms, each returning { rows scored in JS, ms }. */
function statements(client, ns, terms, avgLength) {
  const lexemes = terms.map((term) => term.lexeme)
  const idfOf = new Map(terms.map((term) => [term.lexeme, term.idf]))
  const any = lexemes.map((_, i) => `plainto_tsquery('simple', ($2::text[])[${i + 1}])`).join(' || ')
  const selected = `m.search @@ (SELECT ${any}) AND m.namespace = $1 AND m.superseded_by IS NULL`
  const columns = `m.id, length(m.search) AS length, ts_filter(setweight(m.search, 'A', $2::text[]), '{a}')::text AS matched`
  const score = (row) => {
    const norm = K1 * (1 - B + (B * Number(row.length)) / avgLength)
    const parsed = parseTsvector(row.matched)
    let sum = 0
    for (let i = 0; i < parsed.lexemes.length; i++) {
      const idf = idfOf.get(parsed.lexemes[i])
      if (idf === undefined) continue
      sum += (idf * parsed.tfs[i] * (K1 + 1)) / (parsed.tfs[i] + norm)
    }
    return sum
  }
  const ranked = (result) =>
    result.rows
      .map((row) => ({ id: row.id, score: score(row) }))
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
      .slice(0, limit)
  const timed = async (text, values) => {
    const started = performance.now()
    const top = ranked(await client.query(text, values))
    return { top, ms: performance.now() - started }
  }
  const tfs = lexemes.map(
    (_, i) =>
      `width_bucket(ts_rank('{1,1,1,1}', m.search, $${5 + i}::tsquery)::float8, $4::float8[]) AS tf${i}`,
  )
  const sum = lexemes
    .map((_, i) => `($3::float8[])[${i + 1}] * tf${i} * ${K1 + 1} / (tf${i} + norm)`)
    .join(' + ')
  const topK = `WITH selected AS MATERIALIZED (
      SELECT m.id, ${K1} * (1 - ${B} + ${B} * length(m.search) / $${5 + lexemes.length}::float8) AS norm, ${tfs.join(', ')}
      FROM memories m WHERE ${selected}),
    scored AS MATERIALIZED (SELECT id, ${sum} AS score FROM selected),
    cut AS (SELECT score FROM scored ORDER BY score DESC LIMIT 1 OFFSET ${limit - 1})
    SELECT ${columns} FROM memories m WHERE m.namespace = $1
      AND m.id = ANY(ARRAY(SELECT id FROM scored WHERE score >= coalesce((SELECT score FROM cut), 0) * 0.999999999))`
  return {
    every: () => timed(`SELECT ${columns} FROM memories m WHERE ${selected}`, [ns, lexemes]),
    topK: () =>
      timed(topK, [
        ns,
        lexemes,
        terms.map((term) => term.idf),
        tfFromRank,
        ...lexemes.map(tsqueryLexeme),
        avgLength,
      ]),
    // Given the true limit-th score (an oracle: the best any first pass could find).
    wand: (threshold) => {
      const bounds = terms.map((term) => term.idf * (K1 + 1)).sort((a, b) => b - a)
      let m = 0
      for (let held = 0; m === 0 && held < bounds.length; held++) {
        if (bounds.slice(0, held + 1).reduce((a, b) => a + b, 0) >= threshold) m = held + 1
      }
      const subsets = []
      const pick = (start, chosen) => {
        if (chosen.length === m) return void subsets.push(`(${chosen.join(' & ')})`)
        for (let i = start; i < lexemes.length; i++) pick(i + 1, [...chosen, tsqueryLexeme(lexemes[i])])
      }
      pick(0, [])
      const filter = `m.search @@ (SELECT $3::tsquery) AND m.namespace = $1 AND m.superseded_by IS NULL`
      return timed(`SELECT ${columns} FROM memories m WHERE ${filter}`, [ns, lexemes, subsets.join(' | ')])
    },
  }
}

const db = await createScratchDatabase(url, `agent_memory_probe_keyword_${process.pid}`)
const pool = new pg.Pool({ connectionString: db.url, max: 4 })
try {
  const store = await createPgVectorStore({
    pool,
    dimensions,
    model: 'probe',
    migrate: true,
    inProcessKeywordIndex: false,
  })
  const heldStore = await createPgVectorStore({ pool, dimensions, model: 'probe' })
  const rng = createRng(7)
  const zipf = createZipfText(createRng(11))
  const vector = () => Float32Array.from({ length: dimensions }, () => rng.normal())
  const shapes = {
    w12: { text: () => synthesizeText(rng, 160), query: (q) => synthesizeText(q, 60) },
    zipf: { text: () => zipf(25), query: () => zipf(6) },
  }
  const percentile = (xs, p) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]
  const client = await pool.connect()
  for (const [shape, { text, query }] of Object.entries(shapes)) {
    const ns = `${shape}-${rows}`
    for (let start = 0; start < rows; start += 500) {
      const batch = []
      for (let i = start; i < Math.min(rows, start + 500); i++) {
        const content = `${text()} (#${i})`
        batch.push({
          id: `${shape}-${i}`,
          tier: 'semantic',
          content,
          fingerprint: fingerprint(content),
          embedding: vector(),
        })
      }
      await store.upsert(ns, batch)
    }
    await pool.query('VACUUM ANALYZE memories')
    const { n, avg } = (
      await client.query(
        'SELECT count(*)::int AS n, avg(length(search))::float8 AS avg FROM memories WHERE namespace = $1',
        [ns],
      )
    ).rows[0]
    const queryRng = createRng(99)
    const times = { leg: [], held: [], every: [], 'top-k': [], wand: [] }
    let differing = 0
    let heldDiffering = 0
    // The first search runs in SQL and loads the namespace in the background.
    await heldStore.searchText(ns, query(createRng(1)), { limit })
    await new Promise((resolve) => setTimeout(resolve, 3000))
    for (let i = 0; i < queries + 10; i++) {
      const asked = query(queryRng)
      const lexemes = await client.query(
        `SELECT l AS lexeme, (SELECT count(*)::int FROM memories WHERE namespace = $2 AND search @@ plainto_tsquery('simple', l)) AS df
           FROM unnest(tsvector_to_array(to_tsvector('english', $1))) AS l`,
        [asked, ns],
      )
      const terms = lexemes.rows
        .filter((term) => term.df > 0)
        .map((term) => ({ lexeme: term.lexeme, idf: Math.log(1 + (n - term.df + 0.5) / (term.df + 0.5)) }))
      if (terms.length === 0) continue
      const ways = statements(client, ns, terms, avg)
      const started = performance.now()
      const sqlHits = await store.searchText(ns, asked, { limit })
      const legMs = performance.now() - started
      const heldStarted = performance.now()
      const heldHits = await heldStore.searchText(ns, asked, { limit })
      const heldMs = performance.now() - heldStarted
      const answer = (hits) => JSON.stringify(hits.map((hit) => [hit.memory.id, hit.score]))
      if (i >= 10 && answer(sqlHits) !== answer(heldHits)) heldDiffering++
      const every = await ways.every()
      const topK = await ways.topK()
      const wand = await ways.wand(every.top.length === limit ? every.top[limit - 1].score : 0)
      if (i < 10) continue // warm-up
      times.leg.push(legMs)
      times.held.push(heldMs)
      times.every.push(every.ms)
      times['top-k'].push(topK.ms)
      times.wand.push(wand.ms)
      const same = (a, b) => JSON.stringify(a.top) === JSON.stringify(b.top)
      if (!same(every, topK) || !same(every, wand)) differing++
    }
    console.log(
      `${shape}, 1 user × ${rows}, ${times.leg.length} searches (limit ${limit}), answers differing: ${differing} (statements), ${heldDiffering} (held vs leg)`,
    )
    for (const [name, xs] of Object.entries(times)) {
      console.log(
        `  ${name.padEnd(18)} p50 ${percentile(xs, 0.5).toFixed(1)} ms  p99 ${percentile(xs, 0.99).toFixed(1)} ms`,
      )
    }
  }
  client.release()
  await heldStore.close()
  await store.close()
} finally {
  await pool.end()
  await db.drop()
}

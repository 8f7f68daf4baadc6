#!/usr/bin/env node
// Writes the upgrade fixtures of one migration beside this file with the store code of an OLDER
// checkout, the tree as it stood when that migration was the newest:
//
//   git worktree add --detach <old> <commit>   # outside the repository
//   (cd <old> && pnpm install --frozen-lockfile; tsc -p tsconfig.build.json in packages/core,
//    packages/embedder-hashing and packages/store-pgvector)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node packages/store-pgvector/src/__fixtures__/upgrade/generateUpgradeFixtures.mjs <old> <NNNN>
//
// <NNNN> is the migration's number (0000 when left out). Each fixture's commit is recorded in its
// expected-*.json: for 0000 the last commit whose migrations folder held 0000_init alone, for each
// later one the commit that added that migration. It writes, through that code's own service and
// store:
//   pglite-NNNN.tar.xz   the embedded data directory
//   postgres-NNNN.sql    pg_dump --inserts of a scratch database written the same way
//   expected-NNNN.json, expected-NNNN.postgres.json
//                        what that code read back: every memory, each history, search ids
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const from = process.argv[2]
if (from === undefined) throw new Error('usage: generateUpgradeFixtures.mjs <old checkout> [NNNN]')
const label = process.argv[3] ?? '0000'
if (!/^\d{4}$/.test(label)) throw new Error(`the migration number is four digits, not ${label}`)
const here = dirname(fileURLToPath(import.meta.url))
const load = (pkg) => import(pathToFileURL(join(from, 'packages', pkg, 'dist', 'index.js')).href)
const core = await load('core')
const storePkg = await load('store-pgvector')
const hashing = await load('embedder-hashing')
const commit = execFileSync('git', ['-C', from, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()

const DIMENSIONS = 64
const MODEL_EMBEDDER = () => hashing.createHashingEmbedder({ dimensions: DIMENSIONS })
const LONG = Array.from(
  { length: 12 },
  (_, i) => `Paragraph ${i} of the travel log: the ferry left the harbour at dawn and the gulls followed it.`,
).join(' ')

/** The same writes on any store: batches, chunks, a supersede chain, a forget, pending embeds. */
async function write(store) {
  const embedder = MODEL_EMBEDDER()
  let down = false
  const flaky = {
    model: embedder.model,
    dimensions: embedder.dimensions,
    embed: (texts, options) =>
      down ? Promise.reject(new Error('provider down')) : embedder.embed(texts, options),
  }
  const memory = core.createMemory({ store, embedder: flaky, embedTimeoutMs: 60_000 })
  const ids = {}
  const many = await memory.rememberMany('ada', [
    { content: 'Ada drinks green tea every morning', tags: ['drinks'] },
    { content: 'Ada keeps a vegetable garden behind the house', tier: 'episodic' },
    { content: LONG, tier: 'episodic', tags: ['travel'] },
    { content: 'Ada prefers window seats on trains', importance: 0.9 },
  ])
  ids.tea = many[0].id
  ids.long = many[2].id
  // Reinforced (as recall does) twice and once: the counts must survive every later migration.
  await store.reinforce('ada', [ids.long, ids.long, many[3].id], { at: new Date('2026-01-02T03:04:05.678Z') })
  const v2 = await memory.supersede('ada', ids.tea, { content: 'Ada drinks oolong tea every morning' })
  const v3 = await memory.supersede('ada', v2.id, { content: 'Ada drinks black coffee every morning now' })
  ids.chain = [ids.tea, v2.id, v3.id]
  const gone = await memory.remember('ada', { content: 'Ada once lived in Lisbon' })
  await memory.forget('ada', gone.id)
  ids.forgotten = gone.id
  ids.all = [...many.map((result) => result.id), v2.id, v3.id]
  const bob = await memory.rememberMany('bob', [
    { content: 'Bob plays the cello in a quartet' },
    { content: 'Bob is allergic to peanuts', tags: ['health'] },
  ])
  ids.bob = bob.map((result) => result.id)
  down = true
  const pending = await memory.rememberMany('ada', [
    { content: 'Ada is learning Portuguese on weekends' },
    { content: `${LONG} Pending version with chunks to embed later.` },
  ])
  ids.pending = pending.map((result) => result.id)
  ids.all.push(...ids.pending)
  await memory.close?.()
  return ids
}

/** What the code that wrote the store reads back. */
async function readBack(store, ids) {
  const memories = {}
  for (const [ns, list] of [
    ['ada', ids.all],
    ['bob', ids.bob],
  ]) {
    for (const id of list) {
      const m = await store.get(ns, id)
      memories[id] = {
        namespace: m.namespace,
        content: m.content,
        tier: m.tier,
        tags: m.tags,
        importance: m.importance,
        supersededBy: m.supersededBy,
        createdAt: m.createdAt.toISOString(),
        fingerprint: m.fingerprint,
        embedState: m.embedState,
        accessCount: m.accessCount,
        lastAccessedAt: m.lastAccessedAt.toISOString(),
      }
    }
  }
  const forgotten = await store.get('ada', ids.forgotten)
  const history = (await store.history('ada', ids.chain[2])).map((m) => m.id)
  const embedder = MODEL_EMBEDDER()
  const searches = []
  for (const query of ['green tea', 'ferry harbour gulls', 'cello quartet', 'window seats trains']) {
    const [vector] = await embedder.embed([query])
    for (const ns of ['ada', 'bob']) {
      const hits = await store.searchVector(ns, vector, { limit: 5 })
      searches.push({ ns, query, vector: Array.from(vector), ids: hits.map((hit) => hit.memory.id) })
    }
  }
  const pending = await store.repairStats?.()
  return { memories, forgotten, history, searches, pending: pending ?? null }
}

const dataDir = mkdtempSync(join(tmpdir(), 'am-upgrade-'))
try {
  const embedded = await storePkg.openEmbeddedStore({
    dataDir: join(dataDir, 'store'),
    dimensions: DIMENSIONS,
    model: MODEL_EMBEDDER().model,
  })
  const ids = await write(embedded)
  const expected = {
    commit,
    dimensions: DIMENSIONS,
    model: MODEL_EMBEDDER().model,
    ids,
    ...(await readBack(embedded, ids)),
  }
  await embedded.close()
  // xz: the cluster's catalogs compress to a quarter of gzip's size.
  execFileSync('sh', [
    '-c',
    `tar -C '${dataDir}' -cf - store | xz -9 > '${join(here, `pglite-${label}.tar.xz`)}'`,
  ])
  writeFileSync(join(here, `expected-${label}.json`), `${JSON.stringify(expected, null, 2)}\n`)

  const admin = process.env.DATABASE_URL
  if (admin === undefined) throw new Error('DATABASE_URL is needed for the PostgreSQL fixture')
  const scratch = `am_upgrade_${process.pid}`
  execFileSync('psql', [admin, '-c', `CREATE DATABASE ${scratch}`])
  const url = new URL(admin)
  url.pathname = `/${scratch}`
  try {
    const server = await storePkg.createPgVectorStore({
      connectionString: url.toString(),
      dimensions: DIMENSIONS,
      migrate: true,
    })
    const serverIds = await write(server)
    const serverExpected = { commit, ids: serverIds, ...(await readBack(server, serverIds)) }
    await server.close()
    writeFileSync(
      join(here, `expected-${label}.postgres.json`),
      `${JSON.stringify(serverExpected, null, 2)}\n`,
    )
    const sql = execFileSync('pg_dump', ['--inserts', '--no-owner', '--no-privileges', url.toString()], {
      encoding: 'utf8',
    })
    writeFileSync(
      join(here, `postgres-${label}.sql`),
      `-- pg_dump of a store written at commit ${commit}\n${sql}`,
    )
  } finally {
    execFileSync('psql', [admin, '-c', `DROP DATABASE IF EXISTS ${scratch}`])
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}

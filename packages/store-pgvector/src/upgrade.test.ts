import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createMemory, StoreError } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, requirePostgres } from './__fixtures__/postgresTestDatabase.js'
import { openEmbeddedStore } from './embedded/openEmbeddedStore.js'
import { newestMigration } from './migrate/newestMigration.js'
import { createPgVectorStore } from './store/createPgVectorStore.js'
import type { PgVectorStore } from './store/PgVectorStore.js'

const FIXTURES = fileURLToPath(new URL('./__fixtures__/upgrade/', import.meta.url))
const MIGRATIONS = JSON.parse(
  readFileSync(fileURLToPath(new URL('../drizzle/meta/_journal.json', import.meta.url)), 'utf8'),
) as { entries: unknown[] }

interface Expected {
  commit: string
  dimensions: number
  ids: { chain: string[]; forgotten: string; pending: string[]; long: string }
  memories: Record<string, Record<string, unknown> & { namespace: string; embedState: string }>
  forgotten: null
  history: string[]
  searches: Array<{ ns: string; query: string; vector: number[]; ids: string[] }>
  pending: { pending: number }
}

/** Every migration a fixture was kept for (`pglite-NNNN.tar.xz`), oldest first. */
const FIXTURE_MIGRATIONS = readdirSync(FIXTURES)
  .flatMap((file) => /^pglite-(\d{4})\.tar\.xz$/.exec(file)?.[1] ?? [])
  .sort()

/** Migrations recorded as applied in a store's journal table. */
async function appliedMigrations(query: (sql: string) => Promise<{ rows: Array<{ n: number }> }>) {
  return (await query('SELECT count(*)::int AS n FROM agent_memory_migrations')).rows[0]?.n
}

const expectedOf = (file: string): Expected =>
  JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as Expected

/** Everything the code that wrote the store read back, read again by today's code. */
async function expectIntact(store: PgVectorStore, expected: Expected): Promise<void> {
  for (const [id, was] of Object.entries(expected.memories)) {
    const now = await store.get(was.namespace, id)
    expect(now, id).not.toBeNull()
    expect({
      namespace: now!.namespace,
      content: now!.content,
      tier: now!.tier,
      tags: now!.tags,
      importance: now!.importance,
      supersededBy: now!.supersededBy,
      createdAt: now!.createdAt.toISOString(),
      fingerprint: now!.fingerprint,
      embedState: now!.embedState,
      // Kept since the fixtures of migration 0010: recall's reinforcement.
      ...('accessCount' in was
        ? { accessCount: now!.accessCount, lastAccessedAt: now!.lastAccessedAt.toISOString() }
        : {}),
    }).toEqual(was)
  }
  expect(await store.get('ada', expected.ids.forgotten)).toBeNull()
  expect((await store.history('ada', expected.ids.chain[2]!)).map((m) => m.id)).toEqual(expected.history)
  for (const search of expected.searches) {
    const hits = await store.searchVector(search.ns, Float32Array.from(search.vector), { limit: 5 })
    expect(
      hits.map((hit) => hit.memory.id),
      `${search.ns}: ${search.query}`,
    ).toEqual(search.ids)
  }
  // Written before the keyword statistics and the English configuration existed: still found.
  const cello = await store.searchText('bob', 'cello', { limit: 5 })
  expect(cello.map((hit) => hit.memory.content)).toEqual(['Bob plays the cello in a quartet'])
}

/** The pending embeds the old code queued are repaired by today's service, chunks and all. */
async function expectRepairable(store: PgVectorStore, expected: Expected): Promise<void> {
  expect((await store.repairStats()).pending).toBe(expected.pending.pending)
  const memory = createMemory({ store, embedder: createHashingEmbedder({ dimensions: expected.dimensions }) })
  const report = await memory.repair({ limit: 10 })
  expect(report.repaired).toBe(expected.ids.pending.length)
  for (const id of expected.ids.pending) expect((await store.get('ada', id))?.embedState).toBe('ok')
  const [query] = await createHashingEmbedder({ dimensions: expected.dimensions }).embed([
    'Pending version with chunks to embed later',
  ])
  const chunkHits = await store.searchChunks('ada', query!, { limit: 10 })
  expect(chunkHits.map((hit) => hit.memory.id)).toContain(expected.ids.pending[1])
}

describe('a store written by the code of each migration opens under today’s code', {
  timeout: 300_000,
}, () => {
  const dirs: string[] = []
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it('fixtures are kept for the first migration and every later one', () => {
    expect(FIXTURE_MIGRATIONS).toEqual(MIGRATIONS.entries.map((_, i) => String(i).padStart(4, '0')))
  })

  it.each(FIXTURE_MIGRATIONS)(
    'embedded, written at migration %s: every later migration applies, every memory and its history intact, the same search ids',
    async (label) => {
      const expected = expectedOf(`expected-${label}.json`)
      expect(expected.commit).toMatch(/^[0-9a-f]{40}$/)
      const dir = mkdtempSync(join(tmpdir(), 'am-upg-'))
      dirs.push(dir)
      execFileSync('tar', ['-xJf', join(FIXTURES, `pglite-${label}.tar.xz`), '-C', dir])
      const dataDir = join(dir, 'store')
      // The fixture is the store as that migration left it: its journal stops there.
      const before = await PGlite.create(dataDir, { extensions: { vector } })
      try {
        expect(await appliedMigrations((sql) => before.query<{ n: number }>(sql))).toBe(Number(label) + 1)
      } finally {
        await before.close()
      }
      const store = await openEmbeddedStore({
        dataDir,
        dimensions: expected.dimensions,
        handleSignals: false,
      })
      try {
        await expectIntact(store, expected)
        await expectRepairable(store, expected)
      } finally {
        await store.close()
      }
      const db = await PGlite.create(dataDir, { extensions: { vector } })
      try {
        expect(await appliedMigrations((sql) => db.query<{ n: number }>(sql))).toBe(MIGRATIONS.entries.length)
      } finally {
        await db.close()
      }
    },
  )

  it('embedded: a store written by a newer format is refused with a sentence, and left as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'am-upg-'))
    dirs.push(dir)
    const first = await openEmbeddedStore({ dataDir: dir, dimensions: 8, handleSignals: false })
    await first.upsert('ada', [
      {
        id: 'kept',
        tier: 'semantic',
        content: 'kept',
        fingerprint: 'kept',
        embedding: new Float32Array(8).fill(1),
      },
    ])
    await first.close()
    const db = await PGlite.create(dir, { extensions: { vector } })
    const future = newestMigration() + 86_400_000
    await db.query("INSERT INTO agent_memory_migrations (hash, created_at) VALUES ('from-the-future', $1)", [
      future,
    ])
    // A newer release's schema: a column this code does not know, dimensions it would retype.
    await db.exec('ALTER TABLE memories ADD COLUMN future_field text')
    await db.close()
    for (const dimensions of [8, 16]) {
      const refused = await openEmbeddedStore({ dataDir: dir, dimensions, handleSignals: false }).catch(
        (error: unknown) => error,
      )
      expect(StoreError.isInstance(refused) && refused.kind).toBe('configuration')
      expect((refused as Error).message).toMatch(/written by a newer version.*upgrade the package/)
    }
    const after = await PGlite.create(dir, { extensions: { vector } })
    try {
      const typmod = await after.query<{ typmod: number }>(
        "SELECT atttypmod AS typmod FROM pg_attribute WHERE attrelid = 'memories'::regclass AND attname = 'embedding'",
      )
      expect(typmod.rows[0]?.typmod).toBe(8)
      const rows = await after.query<{ id: string }>('SELECT id FROM memories')
      expect(rows.rows.map((row) => row.id)).toEqual(['kept'])
    } finally {
      await after.close()
    }
  })
})

if (requirePostgres('upgrades on PostgreSQL')) {
  describe('a PostgreSQL database written by the code of each migration opens under today’s code', {
    timeout: 300_000,
  }, () => {
    it.each(FIXTURE_MIGRATIONS)(
      'written at migration %s: every later migration applies, every memory and its history intact, the same search ids',
      async (label) => {
        const expected = expectedOf(`expected-${label}.postgres.json`)
        const dump = readFileSync(join(FIXTURES, `postgres-${label}.sql`), 'utf8')
          .split('\n')
          // psql meta-commands (a newer pg_dump's \restrict) are not SQL.
          .filter((line) => !line.startsWith('\\'))
          .join('\n')
        const database = await createTestDatabase('upgrade')
        try {
          const client = new pg.Client({ connectionString: database.url })
          await client.connect()
          try {
            await client.query(dump)
            // The dump leaves the search path empty.
            await client.query('SET search_path TO public')
            expect(await appliedMigrations((sql) => client.query<{ n: number }>(sql))).toBe(Number(label) + 1)
          } finally {
            await client.end()
          }
          const store = await createPgVectorStore({
            connectionString: database.url,
            dimensions: expected.dimensions ?? 64,
            migrate: true,
          })
          try {
            await expectIntact(store, { ...expected, dimensions: expected.dimensions ?? 64 })
            await expectRepairable(store, { ...expected, dimensions: expected.dimensions ?? 64 })
          } finally {
            await store.close()
          }
          const check = new pg.Client({ connectionString: database.url })
          await check.connect()
          try {
            const applied = await check.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM agent_memory_migrations',
            )
            expect(applied.rows[0]?.n).toBe(MIGRATIONS.entries.length)
            // A newer release's journal entry: the next open is refused before any statement of a migration.
            await check.query(
              "INSERT INTO agent_memory_migrations (hash, created_at) VALUES ('from-the-future', $1)",
              [newestMigration() + 86_400_000],
            )
          } finally {
            await check.end()
          }
          const refused = await createPgVectorStore({
            connectionString: database.url,
            dimensions: 32,
            migrate: true,
          }).catch((error: unknown) => error)
          expect(StoreError.isInstance(refused) && refused.kind).toBe('configuration')
          expect((refused as Error).message).toMatch(/written by a newer version/)
        } finally {
          await database.drop()
        }
      },
    )
  })
}

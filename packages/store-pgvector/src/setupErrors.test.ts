import { InvalidArgumentError, StoreError } from '@agent-memory/core'
import { axisVector } from '@agent-memory/testkit'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestDatabase,
  databaseUrl,
  requirePostgres,
  testPool,
} from './__fixtures__/postgresTestDatabase.js'
import { createPgVectorStore, type DatabaseHandle, migrate } from './index.js'

const dims = 4
const v = (axis: number) => axisVector(dims, axis)

async function rejection(promise: Promise<unknown>): Promise<StoreError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(StoreError.isInstance(error)).toBe(true)
  return error as StoreError
}

/** An app that already owns a `memories` table keeps it; agent-memory moves to its own schema. */
async function schemaScenario(
  handle: DatabaseHandle,
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<void> {
  await query('CREATE TABLE memories (note text)')
  await query("INSERT INTO memories VALUES ('the app''s own row')")
  const pathBefore = (await query('SHOW search_path')).rows[0]?.search_path

  const clash = await rejection(migrate(handle, { dimensions: dims }))
  expect(clash.kind).toBe('configuration')
  expect(clash.message).toMatch(
    /^a table or index named memories already exists and is not agent-memory's: keep agent-memory in its own schema with the schema option \(--schema on the CLI\)$/,
  )
  await expect(migrate(handle, { dimensions: dims, schema: 'bad name; drop' })).rejects.toSatisfy(
    InvalidArgumentError.isInstance,
  )

  await migrate(handle, { dimensions: dims, schema: 'agent_memory' })
  await migrate(handle, { dimensions: dims, schema: 'agent_memory' })
  const store = await createPgVectorStore({
    ...('connect' in handle ? { pool: handle as pg.Pool } : { db: handle }),
    dimensions: dims,
    model: 'schema-test',
    schema: 'agent_memory',
  })
  try {
    await store.upsert('ns', [
      { id: 'm1', tier: 'semantic', content: 'kept apart', fingerprint: 'f1', embedding: v(0) },
    ])
    expect((await store.searchVector('ns', v(0), { limit: 1 }))[0]?.memory.id).toBe('m1')
    expect((await store.searchText('ns', 'apart', { limit: 1 }))[0]?.memory.id).toBe('m1')
  } finally {
    await store.close()
  }
  expect((await query('SELECT note FROM public.memories')).rows).toEqual([{ note: "the app's own row" }])
  expect((await query('SELECT count(*)::int AS n FROM agent_memory.memories')).rows[0]?.n).toBe(1)
  // The caller's connection keeps its own search path.
  expect((await query('SHOW search_path')).rows[0]?.search_path).toBe(pathBefore)
}

describe('setup errors and the schema option on PGlite', { timeout: 300_000 }, () => {
  it("keeps agent-memory's tables in their own schema beside an app's memories table", async () => {
    const db = await PGlite.create({ extensions: { vector } })
    try {
      await schemaScenario(db, (text) => db.query(text))
    } finally {
      await db.close()
    }
  })
})

if (requirePostgres('setup errors and the schema option on PostgreSQL')) {
  describe('setup errors and the schema option on PostgreSQL', { timeout: 300_000 }, () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>
    let pool: pg.Pool
    const role = `am_limited_${process.pid}`

    beforeAll(async () => {
      database = await createTestDatabase('setup')
      pool = testPool(database.url, 4)
    })
    afterAll(async () => {
      await pool?.end()
      await database?.drop()
      const admin = new pg.Client({ connectionString: databaseUrl() })
      await admin.connect()
      await admin.query(`DROP ROLE IF EXISTS ${role}`).catch(() => undefined)
      await admin.end()
    })

    it("keeps agent-memory's tables in their own schema beside an app's memories table", async () => {
      await schemaScenario(pool, (text) => pool.query(text))
    })

    it('says which database is missing and which role does not exist', async () => {
      const missing = new URL(database.url)
      missing.pathname = '/am_no_such_database'
      const noDatabase = await rejection(
        createPgVectorStore({ connectionString: missing.toString(), dimensions: dims }),
      )
      expect(noDatabase.kind).toBe('configuration')
      expect(noDatabase.message).toBe(
        'the database "am_no_such_database" does not exist: create it (createdb am_no_such_database) or fix the database name in the connection string',
      )
      const nobody = new URL(database.url)
      nobody.username = 'am_no_such_role'
      const noRole = await rejection(migrate(testPoolFor(nobody), { dimensions: dims }))
      expect(noRole.message).toMatch(/^the database role "am_no_such_role" does not exist: fix the user name/)
    })

    it('names the missing privilege, and a schema the user may create works', async () => {
      await pool.query(`CREATE ROLE ${role} LOGIN`)
      await pool.query('CREATE EXTENSION IF NOT EXISTS vector')
      await pool.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC')
      const limitedUrl = new URL(database.url)
      limitedUrl.username = role
      const limited = testPoolFor(limitedUrl)
      try {
        const denied = await rejection(migrate(limited, { dimensions: dims }))
        expect(denied.kind).toBe('permission')
        expect(denied.message).toMatch(
          /^the database user may not create or use objects in schema public: GRANT USAGE, CREATE ON SCHEMA public to it, or keep agent-memory's tables in a schema it owns/,
        )
        await pool.query(`GRANT CREATE ON DATABASE ${database.name} TO ${role}`)
        await migrate(limited, { dimensions: dims, schema: 'limited_memory' })
        const store = await createPgVectorStore({ pool: limited, dimensions: dims, schema: 'limited_memory' })
        try {
          await store.upsert('ns', [
            { id: 'm1', tier: 'semantic', content: 'mine', fingerprint: 'f1', embedding: v(1) },
          ])
          expect((await store.get('ns', 'm1'))?.content).toBe('mine')
        } finally {
          await store.close()
        }
        await pool.query(`REVOKE ALL ON ALL TABLES IN SCHEMA limited_memory FROM ${role}`)
        const other = await rejection(
          createPgVectorStore({ pool: limited, dimensions: dims, schema: 'limited_memory' }).then((s) =>
            s.close(),
          ),
        )
        expect(other.kind).toBe('permission')
      } finally {
        await limited.end()
      }
    })

    function testPoolFor(url: URL): pg.Pool {
      return testPool(url.toString(), 2)
    }
  })
}

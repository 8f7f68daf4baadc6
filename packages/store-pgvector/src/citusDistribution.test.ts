import { requireCitus } from '@agent-memory/testkit'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CapturingExecutor } from './__fixtures__/CapturingExecutor.js'
import { createCitusTestSchema, workerUrls } from './__fixtures__/citusTestDatabase.js'
import { testPool } from './__fixtures__/postgresTestDatabase.js'
import { CITUS_LAYOUT } from './citus/CITUS_LAYOUT.js'
import { createPgVectorStore, migrate } from './index.js'
import { migrationsFolder } from './migrate/migrationsFolder.js'
import { PoolExecutor } from './sql/PoolExecutor.js'
import { accessKeyOf } from './store/accessKeyOf.js'
import { PgVectorStore } from './store/PgVectorStore.js'

const dims = 4
const unit = (axis: number) => Float32Array.from({ length: dims }, (_, i) => (i === axis % dims ? 1 : 0.1))
const writeOf = (id: string, content: string, axis: number) => ({
  id,
  tier: 'semantic' as const,
  content,
  fingerprint: `fp-${id}`,
  embedding: unit(axis),
  chunks: [{ idx: 0, text: content, embedding: unit(axis + 1) }],
})
/** The statements on the namespace-keyed tables (not the catalog reads, locks or settings around them). */
const ON_STORE_TABLES =
  /\b(FROM|INTO|UPDATE|JOIN)\s+(memories|memory_chunks|agent_memory_access|agent_memory_keyword_\w+)\b/

if (requireCitus('the store distributed by namespace on Citus')) {
  describe('the store distributed by namespace on Citus', () => {
    let schema: Awaited<ReturnType<typeof createCitusTestSchema>>
    let pool: pg.Pool

    beforeAll(async () => {
      schema = await createCitusTestSchema('layout')
      pool = testPool(schema.url, 4)
      await migrate(pool, { dimensions: dims, schema: schema.schema, distribute: 'citus' })
    }, 120_000)
    afterAll(async () => {
      await pool?.end()
      await schema?.drop()
    })

    /** Runs `work` on one connection with the test's schema first on the path. */
    async function inSchema<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
      const client = await pool.connect()
      try {
        await client.query(`SET search_path = ${schema.schema}, public`)
        return await work(client)
      } finally {
        await client.query('RESET search_path')
        client.release()
      }
    }

    it('lays every namespace-keyed table out distributed by namespace and co-located, the meta table as a reference table; again changes nothing', async () => {
      await migrate(pool, { dimensions: dims, schema: schema.schema, distribute: 'citus' })
      const layout = await inSchema((client) =>
        client.query<{ name: string; method: string; key: string | null; colocation: number }>(
          `SELECT t.name, p.partmethod::text AS method,
             CASE WHEN p.partmethod = 'h' THEN column_to_column_name(p.logicalrelid, p.partkey) END AS key,
             p.colocationid AS colocation
           FROM unnest($1::text[]) AS t(name) JOIN pg_dist_partition p ON p.logicalrelid = to_regclass(t.name)`,
          [[...CITUS_LAYOUT.distributed, ...CITUS_LAYOUT.reference]],
        ),
      )
      const byName = new Map(layout.rows.map((row) => [row.name, row]))
      const anchor = byName.get('memories')!
      for (const table of CITUS_LAYOUT.distributed) {
        expect(byName.get(table), table).toMatchObject({
          method: 'h',
          key: 'namespace',
          colocation: anchor.colocation,
        })
      }
      expect(byName.get('agent_memory_meta')?.method).toBe('n')
      for (const [setting, value] of Object.entries(CITUS_LAYOUT.settings)) {
        const client = new pg.Client({ connectionString: schema.url })
        await client.connect()
        const shown = await client.query<{ value: string }>('SELECT current_setting($1) AS value', [setting])
        await client.end()
        expect(shown.rows[0]?.value, setting).toBe(value)
      }
    })

    it('migration 0012: shards of a store distributed after it keep the values in the row; one distributed before it still migrates', async () => {
      // Distributed after 0012: the shards were created from the tables with their storage MAIN.
      const storage = await inSchema((client) =>
        client.query<{ result: string }>(
          `SELECT result FROM run_command_on_shards('memories',
             $$SELECT attstorage FROM pg_attribute WHERE attrelid = '%s'::regclass AND attname = 'id'$$)`,
        ),
      )
      expect(new Set(storage.rows.map((row) => row.result))).toEqual(new Set(['m']))
      // Distributed before 0012 (its journal stops at 0011): Citus refuses SET STORAGE on a
      // distributed table, so the migration leaves the layout as it is instead of failing.
      await inSchema((client) =>
        client.query('DELETE FROM agent_memory_migrations WHERE created_at >= $1', [
          readMigrationFiles({ migrationsFolder })[12]!.folderMillis,
        ]),
      )
      await migrate(pool, { dimensions: dims, schema: schema.schema, distribute: 'citus' })
      const applied = await inSchema((client) =>
        client.query<{ n: number }>('SELECT count(*)::int AS n FROM agent_memory_migrations'),
      )
      expect(applied.rows[0]?.n).toBe(readMigrationFiles({ migrationsFolder }).length)
    })

    it('migration 0013: access rows keyed by (namespace, access_key); a store distributed before it keeps every count and time, one id in two namespaces two rows', async () => {
      const accessKeyColumns = async () =>
        (
          await inSchema((client) =>
            client.query<{ columns: string[] }>(
              `SELECT array_agg(a.attname::text ORDER BY k.ord) AS columns
                 FROM pg_index i, unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
                 JOIN pg_attribute a ON a.attrelid = 'agent_memory_access'::regclass AND a.attnum = k.attnum
                WHERE i.indrelid = 'agent_memory_access'::regclass AND i.indisprimary`,
            ),
          )
        ).rows[0]!.columns
      // Distributed after 0013: `distributeOnCitus` gave the key the distribution column.
      expect(await accessKeyColumns()).toEqual(['namespace', 'access_key'])
      const at = new Date('2026-03-04T05:06:07.890Z')
      const open = () =>
        createPgVectorStore({ pool, schema: schema.schema, dimensions: dims, distribute: 'citus' })
      const counts = async (store: PgVectorStore) =>
        Promise.all(
          (
            [
              ['keyed-a', 'k1'],
              ['keyed-a', 'k2'],
              ['keyed-b', 'k1'],
            ] as const
          ).map(async ([ns, id]) => {
            const memory = (await store.get(ns, id))!
            return [ns, id, memory.accessCount, memory.lastAccessedAt.toISOString()]
          }),
        )
      const store = await open()
      try {
        await store.upsert('keyed-a', [writeOf('k1', 'keyed once', 0), writeOf('k2', 'keyed twice', 1)])
        await store.upsert('keyed-b', [writeOf('k1', 'the same id in another namespace', 2)])
        await store.reinforce('keyed-a', ['k1', 'k1', 'k2'], { at })
        await store.reinforce('keyed-b', ['k1'], { at })
        expect(await counts(store)).toEqual([
          ['keyed-a', 'k1', 2, at.toISOString()],
          ['keyed-a', 'k2', 1, at.toISOString()],
          ['keyed-b', 'k1', 1, at.toISOString()],
        ])
      } finally {
        await store.close()
      }
      // The access table as a store distributed before 0013 has it (its journal stops at 0012).
      const statements = [
        'ALTER TABLE agent_memory_access ADD COLUMN memory_id text',
        `UPDATE agent_memory_access a SET memory_id = m.id FROM memories m
          WHERE m.namespace = a.namespace AND ${accessKeyOf('m.namespace', 'm.id')} = a.access_key`,
        'ALTER TABLE agent_memory_access ALTER COLUMN memory_id SET NOT NULL',
        'ALTER TABLE agent_memory_access DROP CONSTRAINT agent_memory_access_pkey',
        'ALTER TABLE agent_memory_access ADD CONSTRAINT agent_memory_access_pkey PRIMARY KEY (namespace, memory_id)',
        'ALTER TABLE agent_memory_access DROP COLUMN access_key',
      ]
      await inSchema(async (client) => {
        for (const statement of statements) await client.query(statement)
        await client.query('DELETE FROM agent_memory_migrations WHERE created_at >= $1', [
          readMigrationFiles({ migrationsFolder })[13]!.folderMillis,
        ])
      })
      expect(await accessKeyColumns()).toEqual(['namespace', 'memory_id'])
      await migrate(pool, { dimensions: dims, schema: schema.schema, distribute: 'citus' })
      expect(await accessKeyColumns()).toEqual(['namespace', 'access_key'])
      const again = await open()
      try {
        expect(await counts(again)).toEqual([
          ['keyed-a', 'k1', 2, at.toISOString()],
          ['keyed-a', 'k2', 1, at.toISOString()],
          ['keyed-b', 'k1', 1, at.toISOString()],
        ])
        // The migrated rows are found by the key every statement computes: updated, not duplicated.
        await again.reinforce('keyed-b', ['k1'], { at })
        expect((await again.get('keyed-b', 'k1'))!.accessCount).toBe(2)
        expect((await again.get('keyed-a', 'k1'))!.accessCount).toBe(2)
        const rows = await inSchema((client) =>
          client.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM agent_memory_access WHERE namespace IN ('keyed-a', 'keyed-b')",
          ),
        )
        expect(rows.rows[0]!.n).toBe(3)
      } finally {
        await again.close()
      }
    })

    it('refuses to open a distributed store as a plain one, and a plain one as distributed', async () => {
      await expect(createPgVectorStore({ pool, schema: schema.schema, dimensions: dims })).rejects.toThrow(
        /distributed by Citus: open it with distribute: 'citus'/,
      )
      await expect(migrate(pool, { dimensions: dims, schema: schema.schema })).rejects.toThrow(
        /distributed by Citus: migrate it with distribute: 'citus'/,
      )
      const plain = await createCitusTestSchema('plain')
      try {
        await migrate(pool, { dimensions: dims, schema: plain.schema })
        await expect(
          createPgVectorStore({ pool, schema: plain.schema, dimensions: dims, distribute: 'citus' }),
        ).rejects.toThrow(/not distributed by Citus/)
      } finally {
        await plain.drop()
      }
    })

    it("plans one user's recall and write as a single task on one worker (a router plan)", async () => {
      const executor = new PoolExecutor(pool, {
        statementTimeoutMs: 0,
        ownsPool: false,
        schema: schema.schema,
      })
      executor.propagatesSettings = true
      const capture = new CapturingExecutor(executor)
      const store = await new PgVectorStore(capture, {
        dimensions: dims,
        distribute: 'citus',
        autoIndex: false,
      }).open()
      try {
        await store.upsert('router-a', [
          writeOf('r1', 'alpine lakes in spring', 0),
          writeOf('r2', 'desert roads', 1),
        ])
        await store.upsert('router-b', [writeOf('r1', 'another user, same id', 2)])
        capture.statements.length = 0
        capture.values.length = 0
        await store.upsert('router-a', [writeOf('r3', 'lakes again', 0)])
        await store.searchVector('router-a', unit(0), { limit: 5 })
        await store.searchChunks('router-a', unit(1), { limit: 5 })
        await store.searchText('router-a', 'lakes', { limit: 5 })
        await store.reinforce('router-a', ['r1'])
        await store.get('router-a', 'r1')
        await store.list('router-a')
        const plans: Array<{ statement: string; tasks: number[] }> = []
        await inSchema(async (client) => {
          for (const [i, statement] of capture.statements.entries()) {
            if (!ON_STORE_TABLES.test(statement) || /^\s*COPY\b/i.test(statement)) continue
            const explained = await client.query<{ 'QUERY PLAN': string }>(
              `EXPLAIN ${statement}`,
              capture.values[i],
            )
            const plan = explained.rows.map((row) => row['QUERY PLAN']).join('\n')
            plans.push({
              statement,
              tasks: [...plan.matchAll(/Task Count: (\d+)/g)].map((m) => Number(m[1])),
            })
          }
        })
        expect(plans.length).toBeGreaterThan(5)
        expect(plans.filter((plan) => plan.tasks.length === 0 || plan.tasks.some((n) => n !== 1))).toEqual([])
        // The same reading of a plan does see a statement over every namespace.
        const across = await inSchema((client) => client.query('EXPLAIN SELECT count(*) FROM memories'))
        const tasks = across.rows
          .map((row) => String(row['QUERY PLAN']))
          .join('\n')
          .match(/Task Count: (\d+)/)
        expect(Number(tasks?.[1])).toBeGreaterThan(1)
        expect((await store.get('router-b', 'r1'))?.content).toBe('another user, same id')
      } finally {
        await store.close()
      }
    })

    it("erases a namespace: no row of it left on any worker's shards, the other namespace's rows still there", async () => {
      const store = await createPgVectorStore({
        pool,
        schema: schema.schema,
        dimensions: dims,
        distribute: 'citus',
      })
      try {
        await store.upsert('erase-gone', [writeOf('e1', 'to be erased', 0), writeOf('e2', 'also erased', 1)])
        await store.upsert('erase-kept', [writeOf('e1', 'kept here', 2)])
        await store.reinforce('erase-gone', ['e1'])
        await store.eraseNamespace('erase-gone')
      } finally {
        await store.close()
      }
      const shards = await inSchema((client) =>
        client.query<{ shard: string; port: number }>(
          `SELECT format('%I.%I', c.relnamespace::regnamespace::text, c.relname || '_' || s.shardid) AS shard,
             n.nodeport AS port
           FROM pg_dist_shard s JOIN pg_dist_placement p ON p.shardid = s.shardid
             JOIN pg_dist_node n ON n.groupid = p.groupid JOIN pg_class c ON c.oid = s.logicalrelid
           WHERE s.logicalrelid = ANY(SELECT to_regclass(t) FROM unnest($1::text[]) AS t)`,
          [CITUS_LAYOUT.distributed],
        ),
      )
      const counts = new Map<string, number>()
      for (const url of await workerUrls(schema.url)) {
        const client = new pg.Client({ connectionString: url })
        await client.connect()
        try {
          for (const { shard, port } of shards.rows) {
            if (String(port) !== new URL(url).port) continue
            for (const ns of ['erase-gone', 'erase-kept']) {
              const found = await client.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM ${shard} WHERE namespace = $1`,
                [ns],
              )
              counts.set(ns, (counts.get(ns) ?? 0) + Number(found.rows[0]?.n ?? 0))
            }
          }
        } finally {
          await client.end()
        }
      }
      expect(shards.rows.length).toBeGreaterThanOrEqual(CITUS_LAYOUT.distributed.length * 2)
      expect(counts.get('erase-gone')).toBe(0)
      expect(counts.get('erase-kept')).toBeGreaterThan(0)
    })
  })
}

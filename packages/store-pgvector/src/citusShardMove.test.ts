import { requireCitus } from '@agent-memory/testkit'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCitusTestSchema, workerUrls } from './__fixtures__/citusTestDatabase.js'
import { testPool } from './__fixtures__/postgresTestDatabase.js'
import { CITUS_LAYOUT } from './citus/CITUS_LAYOUT.js'
import { createPgVectorStore, migrate } from './index.js'

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
const user = 'mover'
/** The distributed tables with no unique key to be their replica identity. */
const KEYWORD_STATISTICS = ['agent_memory_keyword_corpus', 'agent_memory_keyword_lexemes']

if (requireCitus('moving a shard of the distributed store by logical replication')) {
  describe('moving a shard of the distributed store by logical replication', () => {
    let schema: Awaited<ReturnType<typeof createCitusTestSchema>>
    let pool: pg.Pool

    beforeAll(async () => {
      schema = await createCitusTestSchema('move')
      pool = testPool(schema.url, 6)
      await migrate(pool, { dimensions: dims, schema: schema.schema, distribute: 'citus' })
    }, 120_000)
    afterAll(async () => {
      await pool?.end()
      await schema?.drop()
    })

    /** One statement through the coordinator with the test's schema first on the path. */
    async function coordinator<R extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      const client = await pool.connect()
      try {
        await client.query(`SET search_path = ${schema.schema}, public`)
        return await client.query<R>(text, values)
      } finally {
        await client.query('RESET search_path')
        client.release()
      }
    }

    /** Each distributed table's replica identity on the coordinator and on every shard of it. */
    async function replicaIdentities(): Promise<Map<string, string[]>> {
      const found = new Map<string, string[]>()
      for (const table of CITUS_LAYOUT.distributed) {
        const own = await coordinator<{ identity: string }>(
          'SELECT relreplident::text AS identity FROM pg_class WHERE oid = to_regclass($1)',
          [table],
        )
        const shards = await coordinator<{ result: string }>(
          `SELECT result FROM run_command_on_shards($1, $$SELECT relreplident FROM pg_class WHERE oid = '%s'::regclass$$)`,
          [`${schema.schema}.${table}`],
        )
        found.set(table, [own.rows[0]!.identity, ...shards.rows.map((row) => row.result)])
      }
      return found
    }

    it('gives the keyword statistics REPLICA IDENTITY FULL, also on a store distributed before they had it (migrate again)', async () => {
      // A store laid out by an older version: the statistics tables had no replica identity.
      for (const table of KEYWORD_STATISTICS) {
        await coordinator(`ALTER TABLE ${table} REPLICA IDENTITY DEFAULT`)
      }
      await migrate(pool, { dimensions: dims, schema: schema.schema, distribute: 'citus' })
      const identities = await replicaIdentities()
      for (const table of CITUS_LAYOUT.distributed) {
        const expected = KEYWORD_STATISTICS.includes(table) ? 'f' : 'd'
        expect(new Set(identities.get(table)), table).toEqual(new Set([expected]))
      }
    })

    it("moves the shard group holding a user's rows to the other worker while that user writes and searches: no write fails, none is lost, keyword search finds them all", async () => {
      const store = await createPgVectorStore({
        pool,
        schema: schema.schema,
        dimensions: dims,
        distribute: 'citus',
      })
      const written = Array.from({ length: 20 }, (_, i) => `seed-${i}`)
      await store.upsert(
        user,
        written.map((id, i) => writeOf(id, `heron seen by the lake, note ${id}`, i)),
      )
      const shard = await coordinator<{ id: string }>(
        'SELECT get_shard_id_for_distribution_column($1::regclass, $2::text)::text AS id',
        [`${schema.schema}.memories`, user],
      )
      const shardId = shard.rows[0]!.id
      const placementOf = async () =>
        (
          await coordinator<{ host: string; port: number }>(
            `SELECT n.nodename AS host, n.nodeport AS port FROM pg_dist_placement p JOIN pg_dist_node n USING (groupid)
              WHERE p.shardid = $1`,
            [shardId],
          )
        ).rows
      const [source] = await placementOf()
      const workers = await workerUrls(schema.url)
      expect(workers).toHaveLength(2)
      const target = new URL(workers.find((url) => new URL(url).port !== String(source!.port))!)

      const failures: unknown[] = []
      let moving = true
      let writesDuringMove = 0
      let searches = 0
      let moveDone = false
      const writer = (async () => {
        for (let i = 0; moving; i++) {
          const id = `live-${i}`
          try {
            await store.upsert(user, [writeOf(id, `heron flew over the reeds, note ${id}`, i)])
            written.push(id)
            if (!moveDone) writesDuringMove += 1
          } catch (error) {
            failures.push(error)
          }
        }
      })()
      const searcher = (async () => {
        for (let i = 0; moving; i++) {
          try {
            const hits =
              i % 2 === 0
                ? await store.searchText(user, 'heron', { limit: 5 })
                : await store.searchVector(user, unit(i), { limit: 5 })
            if (hits.length === 0) failures.push(new Error('a search of the moving user found nothing'))
            searches += 1
          } catch (error) {
            failures.push(error)
          }
        }
      })()
      let moved: unknown
      try {
        await coordinator(
          // Citus's default transfer mode ('auto'): logical replication, refused for a table without
          // a replica identity ('force_logical' would move it anyway and fail its updates and deletes).
          'SELECT citus_move_shard_placement($1::bigint, $2::text, $3::int, $4::text, $5::int)',
          [shardId, source!.host, source!.port, target.hostname, Number(target.port)],
        )
        moved = true
      } catch (error) {
        moved = error
      } finally {
        moveDone = true
        // A few writes after the move too, then stop.
        const after = written.length + 5
        for (
          let wait = 0;
          wait < 250 && written.length < after && failures.length === 0 && moved === true;
          wait++
        ) {
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
        moving = false
        await Promise.all([writer, searcher])
      }
      try {
        expect(moved).toBe(true)
        expect(failures).toEqual([])
        expect(writesDuringMove).toBeGreaterThan(0)
        expect(searches).toBeGreaterThan(0)
        expect(await placementOf()).toEqual([{ host: target.hostname, port: Number(target.port) }])

        const stored = await coordinator<{ id: string }>('SELECT id FROM memories WHERE namespace = $1', [
          user,
        ])
        expect(new Set(stored.rows.map((row) => row.id))).toEqual(new Set(written))
        const missing: string[] = []
        for (const id of written) if ((await store.get(user, id)) === null) missing.push(id)
        expect(missing).toEqual([])
        const found = await store.searchText(user, 'heron', { limit: written.length + 10 })
        expect(new Set(found.map((hit) => hit.memory.id))).toEqual(new Set(written))
        // The statistics the keyword score reads, written beside every memory during the move, all there.
        const statistics = await coordinator<{ heron: number; documents: number }>(
          `SELECT (SELECT coalesce(sum(documents), 0)::int FROM agent_memory_keyword_lexemes
                    WHERE namespace = $1 AND lexeme = 'heron') AS heron,
                  (SELECT coalesce(sum(documents), 0)::int FROM agent_memory_keyword_corpus WHERE namespace = $1) AS documents`,
          [user],
        )
        expect(statistics.rows[0]).toEqual({ heron: written.length, documents: written.length })
      } finally {
        await store.close()
      }

      // On the workers: the user's rows on the target's shard, none left on the source's once Citus
      // has dropped the moved copy.
      await coordinator('CALL citus_cleanup_orphaned_resources()')
      const perWorker = new Map<string, number | null>()
      for (const url of workers) {
        const client = new pg.Client({ connectionString: url })
        await client.connect()
        try {
          const table = `${schema.schema}.memories_${shardId}`
          const exists = await client.query<{ found: boolean }>(
            'SELECT to_regclass($1) IS NOT NULL AS found',
            [table],
          )
          perWorker.set(
            new URL(url).port,
            exists.rows[0]?.found === true
              ? Number(
                  (
                    await client.query<{ n: number }>(
                      `SELECT count(*)::int AS n FROM ${table} WHERE namespace = $1`,
                      [user],
                    )
                  ).rows[0]?.n,
                )
              : null,
          )
        } finally {
          await client.end()
        }
      }
      expect(perWorker.get(target.port)).toBe(written.length)
      expect(perWorker.get(String(source!.port))).toBeNull()
    }, 60_000)
  })
}

import { createMemory, fingerprint, type MemoryWrite } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { axisVector } from '@agent-memory/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, requirePostgres, testPool } from './__fixtures__/postgresTestDatabase.js'
import { createPgVectorStore, migrate, type PgVectorStore } from './index.js'

const dims = 16

const write = (id: string, content: string, extra: Partial<MemoryWrite> = {}): MemoryWrite => ({
  id,
  tier: 'semantic',
  content,
  fingerprint: fingerprint(content),
  embedding: axisVector(dims, 0),
  ...extra,
})

if (requirePostgres('write round trips on PostgreSQL')) {
  describe('round trips of a small write on PostgreSQL', { timeout: 120_000 }, () => {
    let store: PgVectorStore
    let pool: ReturnType<typeof testPool>
    const cleanups: Array<() => Promise<void>> = []

    beforeAll(async () => {
      const database = await createTestDatabase('writetrips')
      pool = testPool(database.url, 4)
      cleanups.push(async () => {
        await pool.end()
        await database.drop()
      })
      await migrate(pool, { dimensions: dims })
      const embedder = createHashingEmbedder({ dimensions: dims })
      // Opened for the embedder, so the write path also asks for the vectors the namespace holds.
      store = await createPgVectorStore({ pool, dimensions: dims, model: embedder.model })
      cleanups.push(() => store.close())
      // A chunk reading 'boom' fails its statement; a memory reading 'fails at commit' fails the
      // COMMIT (a deferred constraint trigger): both must leave nothing behind.
      await pool.query(`
        CREATE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
        CREATE TRIGGER test_refuse_chunk BEFORE INSERT ON memory_chunks
          FOR EACH ROW WHEN (NEW.text = 'boom') EXECUTE FUNCTION test_refuse();
        CREATE CONSTRAINT TRIGGER test_refuse_at_commit AFTER INSERT ON memories
          DEFERRABLE INITIALLY DEFERRED
          FOR EACH ROW WHEN (NEW.content = 'fails at commit') EXECUTE FUNCTION test_refuse();`)
    })

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup()
    })

    const count = async (work: () => Promise<unknown>) => {
      const before = store.roundTrips()
      await work()
      return store.roundTrips() - before
    }

    it('a small upsert is one transaction in two round trips: inserts, updates, conflicts and duplicates', async () => {
      // BEGIN, the id and fingerprint locks and their look-ups; then the INSERT and COMMIT.
      const fresh = [
        write('w-a', 'the kettle whistles'),
        write('w-b', 'the tap drips', { unlessDuplicate: true }),
      ]
      expect(await count(() => store.upsert('ns', fresh))).toBe(2)
      const chunked = write('w-c', 'a long note', {
        chunks: [{ idx: 0, text: 'a long', embedding: axisVector(dims, 1) }],
      })
      expect(await count(() => store.upsert('ns', [chunked]))).toBe(2)
      let outcomes: unknown
      const trips = await count(async () => {
        outcomes = await store.upsert('ns', [
          write('w-a', 'the kettle sings'),
          write('w-d', 'the tap drips', { unlessDuplicate: true }),
          write('w-c', 'a longer note', { chunks: [] }),
        ])
      })
      expect(trips).toBe(2)
      expect(outcomes).toEqual([
        { id: 'w-a', status: 'updated' },
        { id: 'w-b', status: 'duplicate' },
        { id: 'w-c', status: 'updated' },
      ])
      expect((await store.get('ns', 'w-a'))!.content).toBe('the kettle sings')
      expect(await store.get('ns', 'w-d')).toBeNull()
      expect(await store.chunksOf('ns', 'w-c')).toEqual([])
      // Another namespace's id: a conflict, nothing written, still two round trips.
      expect(await count(() => store.upsert('other', [write('w-a', 'not yours')]))).toBe(2)
      expect((await store.get('ns', 'w-a'))!.content).toBe('the kettle sings')
      expect(await store.get('other', 'w-a')).toBeNull()
    })

    it('a statement that fails, or a COMMIT that fails, leaves nothing and the connection usable', async () => {
      const failing = write('w-f', 'ends badly', {
        chunks: [{ idx: 0, text: 'boom', embedding: axisVector(dims, 1) }],
      })
      await expect(store.upsert('ns', [write('w-e', 'fine on its own'), failing])).rejects.toThrow(/P0001/)
      await expect(store.upsert('ns', [write('w-g', 'fails at commit')])).rejects.toThrow(/P0001/)
      for (const id of ['w-e', 'w-f', 'w-g']) expect(await store.get('ns', id)).toBeNull()
      // Every pooled connection is back in order: a burst of writes on all of them goes through.
      await Promise.all(
        Array.from({ length: 8 }, (_, i) => store.upsert('ns', [write(`w-after-${i}`, `after ${i}`)])),
      )
      expect((await store.get('ns', 'w-after-7'))!.content).toBe('after 7')
    })

    it("a user's first rememberMany of ten memories: 4 round trips (dedup look-up, stored vectors, the write's two)", async () => {
      const memory = createMemory({ store, embedder: createHashingEmbedder({ dimensions: dims }) })
      cleanups.push(() => memory.close())
      const contents = (user: string) =>
        Array.from({ length: 10 }, (_, i) => ({ content: `${user} keeps note number ${i} about the garden` }))
      for (const user of ['user-1', 'user-2']) {
        let results: Array<{ status: string }> = []
        const trips = await count(async () => {
          results = await memory.rememberMany(user, contents(user))
        })
        expect(results.map((result) => result.status)).toEqual(Array(10).fill('inserted'))
        expect(trips).toBe(4)
      }
      // The same again: every one found by the look-up and reinforced, none written twice.
      const again = await memory.rememberMany('user-1', contents('user-1'))
      expect(again.map((result) => result.status)).toEqual(Array(10).fill('reinforced'))
      expect(await store.list('user-1', { limit: 50 })).toHaveLength(10)
    })
  })
}

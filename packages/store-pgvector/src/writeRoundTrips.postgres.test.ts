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

    it('new memories checked for duplicates: one round trip, chunks included; a taken id or a live duplicate found in it', async () => {
      const fresh = [
        write('f-a', 'the kettle whistles', { unlessDuplicate: true }),
        write('f-b', 'the tap drips', {
          unlessDuplicate: true,
          chunks: [
            { idx: 0, text: 'the tap', embedding: axisVector(dims, 1) },
            { idx: 1, text: 'drips', embedding: axisVector(dims, 2) },
          ],
        }),
      ]
      let outcomes: unknown
      expect(
        await count(async () => {
          outcomes = await store.upsert('fresh', fresh)
        }),
      ).toBe(1)
      expect(outcomes).toEqual([
        { id: 'f-a', status: 'inserted' },
        { id: 'f-b', status: 'inserted' },
      ])
      expect((await store.get('fresh', 'f-a'))!.content).toBe('the kettle whistles')
      expect((await store.chunksOf('fresh', 'f-b')).map((chunk) => chunk.text)).toEqual(['the tap', 'drips'])
      // The same text again under a new id: the check finds it, nothing is written, and the batch
      // goes the general way (two more round trips), which reports the duplicate.
      const trips = await count(async () => {
        outcomes = await store.upsert('fresh', [
          write('f-c', 'something new', { unlessDuplicate: true }),
          write('f-d', 'the tap drips', { unlessDuplicate: true }),
        ])
      })
      expect(trips).toBe(3)
      expect(outcomes).toEqual([
        { id: 'f-c', status: 'inserted' },
        { id: 'f-b', status: 'duplicate' },
      ])
      expect(await store.get('fresh', 'f-d')).toBeNull()
      // An id another namespace holds: a conflict, and nothing of the batch written by the check.
      outcomes = await store.upsert('elsewhere', [
        write('f-a', 'taken id', { unlessDuplicate: true }),
        write('f-e', 'free id', { unlessDuplicate: true }),
      ])
      expect(outcomes).toEqual([
        { id: 'f-a', status: 'conflict' },
        { id: 'f-e', status: 'inserted' },
      ])
      expect((await store.get('fresh', 'f-a'))!.content).toBe('the kettle whistles')
    })

    it('any other small upsert is one transaction in two round trips: inserts, updates, conflicts and duplicates', async () => {
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

    for (const unlessDuplicate of [true, false]) {
      it(`a statement that fails, or a COMMIT that fails, leaves nothing and the connection usable (${unlessDuplicate ? 'new memories' : 'the general way'})`, async () => {
        const tag = unlessDuplicate ? 'n' : 'g'
        const failing = write(`${tag}-f`, `ends badly ${tag}`, {
          unlessDuplicate,
          chunks: [{ idx: 0, text: 'boom', embedding: axisVector(dims, 1) }],
        })
        await expect(
          store.upsert('ns', [write(`${tag}-e`, `fine on its own ${tag}`, { unlessDuplicate }), failing]),
        ).rejects.toThrow(/P0001/)
        await expect(
          store.upsert('ns', [write(`${tag}-g`, 'fails at commit', { unlessDuplicate })]),
        ).rejects.toThrow(/P0001/)
        for (const id of ['e', 'f', 'g']) expect(await store.get('ns', `${tag}-${id}`)).toBeNull()
        // Every pooled connection is back in order: a burst of writes on all of them goes through.
        await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            store.upsert('ns', [write(`${tag}-after-${i}`, `after ${tag} ${i}`, { unlessDuplicate })]),
          ),
        )
        expect((await store.get('ns', `${tag}-after-7`))!.content).toBe(`after ${tag} 7`)
      })
    }

    it("a user's first rememberMany of ten memories: 3 round trips (dedup look-up, stored vectors, the write)", async () => {
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
        expect(trips).toBe(3)
      }
      // The same again: every one found by the look-up and reinforced, none written twice.
      const again = await memory.rememberMany('user-1', contents('user-1'))
      expect(again.map((result) => result.status)).toEqual(Array(10).fill('reinforced'))
      expect(await store.list('user-1', { limit: 50 })).toHaveLength(10)
    })

    it("recall's reinforcement of many users: one round trip for every group without a sliding expiry", async () => {
      const users = ['rf-a', 'rf-b', 'rf-c']
      for (const [i, user] of users.entries()) {
        await store.upsert(user, [
          write(`${user}-1`, `note one of ${i}`),
          write(`${user}-2`, `note two of ${i}`),
        ])
      }
      const groups = users.map((user) => ({ namespace: user, ids: [`${user}-1`, `${user}-2`, `${user}-1`] }))
      // The first accesses insert the access rows, the next update them: one statement each time.
      expect(await count(() => store.reinforceMany(groups))).toBe(1)
      expect(await count(() => store.reinforceMany(groups))).toBe(1)
      for (const user of users) {
        expect((await store.get(user, `${user}-1`))!.accessCount).toBe(4)
        expect((await store.get(user, `${user}-2`))!.accessCount).toBe(2)
      }
      // A group with a sliding expiry changes the memory's own row: a transaction of its own.
      const sliding = [...groups, { namespace: 'rf-a', ids: ['rf-a-2'], options: { slidingTtlMs: 60_000 } }]
      expect(await count(() => store.reinforceMany(sliding))).toBeGreaterThan(1)
      expect((await store.get('rf-a', 'rf-a-2'))!.accessCount).toBe(4)
    })
  })
}

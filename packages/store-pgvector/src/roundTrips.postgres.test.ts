import { fingerprint, type MemoryWrite } from '@agent-memory/core'
import { axisVector } from '@agent-memory/testkit'
import { afterAll, describe, expect, it } from 'vitest'
import { requirePostgres } from './__fixtures__/postgresTestDatabase.js'
import { postgresTestStore } from './__fixtures__/postgresTestStore.js'

const dims = 4

const write = (id: string, content: string, axis: number): MemoryWrite => ({
  id,
  tier: 'semantic',
  content,
  fingerprint: fingerprint(content),
  embedding: axisVector(dims, axis),
})

if (requirePostgres('round trips on PostgreSQL')) {
  describe('round trips a store makes on PostgreSQL (`roundTrips`)', { timeout: 60_000 }, () => {
    const cleanups: Array<() => Promise<void>> = []
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup()
    })

    it('one for a read, one for a reinforcement, three for a transaction of one statement', async () => {
      const { store, close } = await postgresTestStore('trips', { dimensions: dims, connections: 2 })
      cleanups.push(close)
      await store.upsert('ns', [write('a', 'the garden gate squeaks', 0), write('b', 'the hose is green', 1)])
      const count = async (work: () => Promise<unknown>) => {
        const before = store.roundTrips()
        await work()
        return store.roundTrips() - before
      }
      expect(await count(() => store.get('ns', 'a'))).toBe(1)
      expect(await count(() => store.reinforce('ns', ['a', 'b', 'a']))).toBe(1)
      expect((await store.get('ns', 'a'))!.accessCount).toBe(2)
      // A write transaction of one statement: BEGIN, the statement, COMMIT.
      expect(await count(() => store.delete('ns', ['b']))).toBe(3)
      expect(await store.get('ns', 'b')).toBeNull()
      // A failing first statement rolls the transaction back and leaves the client usable.
      await expect(store.reinforce('ns', ['a'], { slidingTtlMs: -1 })).rejects.toThrow(/slidingTtlMs/)
      expect((await store.get('ns', 'a'))!.accessCount).toBe(2)
    })
  })
}

import type { MemoryWrite } from '@agent-memory/core'
import { axisVector } from '@agent-memory/testkit'
import type pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, testPool } from './__fixtures__/postgresTestDatabase.js'
import {
  onReplica,
  replicaUrl,
  requireReplica,
  standbyAdmin,
  waitForReplay,
} from './__fixtures__/replicaTestDatabase.js'
import { TcpProxy } from './__fixtures__/TcpProxy.js'
import { type CreatePgVectorStoreOptions, createPgVectorStore, migrate, type PgVectorStore } from './index.js'

const dims = 8
const row = (id: string, axis = 0): MemoryWrite => ({
  id,
  tier: 'semantic',
  content: `replica row ${id}`,
  fingerprint: `fp-${id}`,
  embedding: axisVector(dims, axis),
})

if (requireReplica('read replica (streaming standby)')) {
  describe('read replica (streaming standby)', { timeout: 120_000 }, () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>
    let primary: pg.Pool
    let replica: pg.Pool
    let admin: pg.Pool
    const stores: PgVectorStore[] = []

    async function open(options: Partial<CreatePgVectorStoreOptions>) {
      const store = await createPgVectorStore({
        connectionString: database.url,
        readConnectionString: onReplica(database.url),
        dimensions: dims,
        model: 'replica-test',
        // The read counts below are the response path's; autoIndex would add background size counts.
        autoIndex: false,
        ...options,
      })
      stores.push(store)
      return store
    }

    async function pauseReplay(): Promise<void> {
      await admin.query('SELECT pg_wal_replay_pause()')
      for (;;) {
        const state = await admin.query('SELECT pg_get_wal_replay_pause_state() AS state')
        if (state.rows[0].state === 'paused') return
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }

    beforeAll(async () => {
      database = await createTestDatabase('replica')
      primary = testPool(database.url, 2)
      await migrate(primary, { dimensions: dims })
      admin = standbyAdmin()
      // The standby replays CREATE DATABASE and the migration before it can serve this database.
      await admin.query('SELECT pg_wal_replay_resume()').catch(() => undefined)
      await waitForReplay(primary, admin)
      replica = testPool(onReplica(database.url), 2)
    })
    afterEach(async () => {
      // Every test leaves the shared standby replaying.
      await admin.query('SELECT pg_wal_replay_resume()')
      await Promise.all(stores.splice(0).map((store) => store.close()))
    })
    afterAll(async () => {
      await replica?.end()
      await admin?.query('SELECT pg_wal_replay_resume()').catch(() => undefined)
      await admin?.end()
      await primary?.end()
      await database?.drop()
    })

    it('serves reads from the replica once it has replayed them', async () => {
      // The pool the store reads from is a standby: every connection of it is in recovery.
      expect((await replica.query('SELECT pg_is_in_recovery() AS r')).rows[0].r).toBe(true)
      const store = await open({ readPool: replica, readConnectionString: undefined })
      await store.upsert('served', [row('s1')])
      await waitForReplay(primary, admin)
      await new Promise((resolve) => setTimeout(resolve, 150)) // past the position cache (100 ms)
      const before = store.readRouting()!
      expect((await store.get('served', 's1'))?.content).toBe('replica row s1')
      // The first search reads the namespace's facts, then searches: two reads.
      const hits = await store.searchVector('served', axisVector(dims, 0), { limit: 5 })
      expect(hits.map((hit) => hit.memory.id)).toEqual(['s1'])
      // Planned on the facts the first search cached: one pipelined read-only statement.
      const again = await store.searchVector('served', axisVector(dims, 0), { limit: 5 })
      expect(again.map((hit) => hit.memory.id)).toEqual(['s1'])
      expect(await store.list('served')).toHaveLength(1)
      const after = store.readRouting()!
      expect(after.replicaReads - before.replicaReads).toBe(5)
      expect(after.primaryReads).toBe(before.primaryReads)
      expect(after.state).toBe('replica')
    })

    it('reads a namespace this store just wrote from the primary while the replica has not replayed it', async () => {
      const store = await open({ readReplica: { positionTtlMs: 0, maxLagMs: 600_000 } })
      await store.upsert('other', [row('o1')])
      await waitForReplay(primary, admin)
      await pauseReplay()
      await store.upsert('ryw', [row('r1', 1)])
      const before = store.readRouting()!
      // Read-your-writes: the write is invisible on the paused replica, yet every read sees it.
      expect((await store.get('ryw', 'r1'))?.id).toBe('r1')
      expect(
        (await store.searchVector('ryw', axisVector(dims, 1), { limit: 3 })).map((h) => h.memory.id),
      ).toEqual(['r1'])
      expect((await store.searchText('ryw', 'replica row', { limit: 3 })).map((h) => h.memory.id)).toEqual([
        'r1',
      ])
      const mid = store.readRouting()!
      // get, the search's facts and its statement, searchText.
      expect(mid.primaryReads - before.primaryReads).toBe(4)
      expect(mid.replicaReads).toBe(before.replicaReads)
      // A namespace this store did not write since the replica's position is still read there.
      expect((await store.get('other', 'o1'))?.id).toBe('o1')
      expect(store.readRouting()!.replicaReads).toBe(mid.replicaReads + 1)
      // Another store object (another process) writes: this one may read it stale, within the lag.
      const elsewhere = await open({ readReplica: undefined, readConnectionString: undefined })
      await elsewhere.upsert('other', [row('o2')])
      expect(await store.get('other', 'o2')).toBeNull()
      expect((await elsewhere.get('other', 'o2'))?.id).toBe('o2')
      // Once replay resumes and passes the write, the namespace is read from the replica again.
      await admin.query('SELECT pg_wal_replay_resume()')
      await waitForReplay(primary, admin)
      const resumed = store.readRouting()!
      expect((await store.get('ryw', 'r1'))?.id).toBe('r1')
      expect((await store.get('other', 'o2'))?.id).toBe('o2')
      expect(store.readRouting()!.replicaReads).toBe(resumed.replicaReads + 2)
    })

    it('a reinforcement of several namespaces in one statement counts as a write to each of them, no other', async () => {
      const store = await open({ readReplica: { positionTtlMs: 0, maxLagMs: 600_000 } })
      for (const ns of ['many-a', 'many-b', 'many-c']) await store.upsert(ns, [row(`${ns}-1`)])
      await waitForReplay(primary, admin)
      await pauseReplay()
      await store.reinforceMany([
        { namespace: 'many-a', ids: ['many-a-1'] },
        { namespace: 'many-b', ids: ['many-b-1'] },
      ])
      const before = store.readRouting()!
      // Read-your-writes for both: the paused replica has not seen the access rows.
      expect((await store.get('many-a', 'many-a-1'))?.accessCount).toBe(1)
      expect((await store.get('many-b', 'many-b-1'))?.accessCount).toBe(1)
      expect(store.readRouting()!.primaryReads - before.primaryReads).toBe(2)
      // A namespace the statement did not touch is still read on the replica.
      expect((await store.get('many-c', 'many-c-1'))?.accessCount).toBe(0)
      expect(store.readRouting()!.replicaReads - before.replicaReads).toBe(1)
    })

    it('sends every read to the primary while the replica lags more than maxLagMs', async () => {
      const store = await open({ readReplica: { positionTtlMs: 0, maxLagMs: 200 } })
      await store.upsert('lag-a', [row('a1')])
      await waitForReplay(primary, admin)
      await pauseReplay()
      await store.upsert('lag-b', [row('b1')])
      await new Promise((resolve) => setTimeout(resolve, 400))
      const before = store.readRouting()!
      expect((await store.get('lag-a', 'a1'))?.id).toBe('a1')
      const lagging = store.readRouting()!
      expect(lagging.state).toBe('lagging')
      expect(lagging.lagMs).toBeGreaterThan(200)
      expect(lagging.primaryReads).toBe(before.primaryReads + 1)
      await admin.query('SELECT pg_wal_replay_resume()')
      await waitForReplay(primary, admin)
      expect((await store.get('lag-a', 'a1'))?.id).toBe('a1')
      expect(store.readRouting()!.state).toBe('replica')
      expect(store.readRouting()!.replicaReads).toBe(lagging.replicaReads + 1)
    })

    it('serves reads from the primary while the replica is gone, and returns to it after retryMs', async () => {
      const port = Number(new URL(replicaUrl()!).port || 5432)
      const proxy = new TcpProxy(port)
      await proxy.start()
      const errors: Error[] = []
      try {
        const through = new URL(onReplica(database.url))
        through.port = String(proxy.port)
        const store = await open({
          readConnectionString: through.toString(),
          readReplica: { positionTtlMs: 0, retryMs: 300 },
          onConnectionError: (error) => errors.push(error),
        })
        await store.upsert('gone', [row('g1')])
        await waitForReplay(primary, admin)
        expect((await store.get('gone', 'g1'))?.id).toBe('g1')
        // The search reads and caches the namespace's facts: the ones below are single statements.
        expect(await store.searchVector('gone', axisVector(dims, 0), { limit: 1 })).toHaveLength(1)
        expect(store.readRouting()!.replicaReads).toBe(3)

        await proxy.stop() // the replica's connections reset, new ones are refused
        for (let i = 0; i < 5; i++) {
          const [hit] = await store.searchVector('gone', axisVector(dims, 0), { limit: 1 })
          expect(hit?.memory.id).toBe('g1')
          expect((await store.get('gone', 'g1'))?.id).toBe('g1')
        }
        const down = store.readRouting()!
        expect(down.state).toBe('down')
        expect(down.replicaReads).toBe(3)
        expect(down.primaryReads).toBeGreaterThanOrEqual(5)
        expect(errors.length).toBeGreaterThan(0)
        expect(errors.every((error) => !String(error.message).includes('password'))).toBe(true)

        await proxy.start() // same port: the replica is back
        await new Promise((resolve) => setTimeout(resolve, 350))
        expect((await store.get('gone', 'g1'))?.id).toBe('g1')
        expect(store.readRouting()!.state).toBe('replica')
        expect(store.readRouting()!.replicaReads).toBe(4)
      } finally {
        await proxy.stop()
      }
    })

    it('never uses a promoted replica again', async () => {
      // Promotion as the store sees it: the read address now answers pg_is_in_recovery() = false.
      // (The shared standby itself is never promoted; a primary behind the proxy plays the part.)
      const port = Number(new URL(replicaUrl()!).port || 5432)
      const proxy = new TcpProxy(port)
      await proxy.start()
      try {
        const through = new URL(onReplica(database.url))
        through.port = String(proxy.port)
        const store = await open({
          readConnectionString: through.toString(),
          readReplica: { positionTtlMs: 0, retryMs: 0 },
        })
        await store.upsert('promo', [row('p1')])
        await waitForReplay(primary, admin)
        expect((await store.get('promo', 'p1'))?.id).toBe('p1')
        expect(store.readRouting()!.replicaReads).toBe(1)

        proxy.retarget(Number(new URL(database.url).port || 5432))
        expect((await store.get('promo', 'p1'))?.id).toBe('p1')
        await store.upsert('promo', [row('p2')])
        expect((await store.get('promo', 'p2'))?.id).toBe('p2')
        const promoted = store.readRouting()!
        expect(promoted.state).toBe('promoted')
        expect(promoted.replicaReads).toBe(1)
        // Even back in recovery, it stays out: a promoted server has a history of its own.
        proxy.retarget(port)
        const connections = proxy.connections
        expect((await store.get('promo', 'p2'))?.id).toBe('p2')
        expect(store.readRouting()!.replicaReads).toBe(1)
        expect(proxy.connections).toBe(connections)
      } finally {
        await proxy.stop()
      }
    })
  })
}

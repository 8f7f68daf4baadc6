import { fingerprint, type MemoryWrite } from '@agent-memory/core'
import { axisVector } from '@agent-memory/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requirePostgres } from './__fixtures__/postgresTestDatabase.js'
import { postgresTestStore } from './__fixtures__/postgresTestStore.js'

const dims = 4

const write = (id: string, extra: Partial<MemoryWrite> = {}): MemoryWrite => ({
  id,
  tier: 'semantic',
  content: `memory ${id}`,
  fingerprint: fingerprint(`memory ${id}`),
  embedding: axisVector(dims, 0),
  ...extra,
})

if (requirePostgres('reinforcement commits on PostgreSQL')) {
  describe('how a reinforcement commits on PostgreSQL', { timeout: 120_000 }, () => {
    let opened: Awaited<ReturnType<typeof postgresTestStore>>

    beforeAll(async () => {
      opened = await postgresTestStore('rfcommit', { dimensions: dims, connections: 2 })
      // Every statement that writes access rows logs the commit mode its transaction runs with.
      await opened.pool.query(`
        CREATE TABLE test_commit_mode (mode text NOT NULL);
        CREATE FUNCTION test_log_commit_mode() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO test_commit_mode VALUES (current_setting('synchronous_commit')); RETURN NULL; END $$;
        CREATE TRIGGER test_log_commit_mode AFTER INSERT OR UPDATE ON agent_memory_access
          FOR EACH STATEMENT EXECUTE FUNCTION test_log_commit_mode();`)
    })
    afterAll(async () => {
      await opened?.close()
    })

    const modes = async () => {
      const { rows } = await opened.pool.query<{ mode: string }>(
        'DELETE FROM test_commit_mode RETURNING mode',
      )
      return [...new Set(rows.map((row) => row.mode))]
    }

    it("an access row's write does not wait for the WAL flush; a sliding expiry, which changes the memory, does", async () => {
      const { store } = opened
      await store.upsert('u1', [write('a'), write('e', { expiresAt: new Date(Date.now() + 86_400_000) })])
      await store.upsert('u2', [write('b')])
      await modes()
      await store.reinforce('u1', ['a'])
      expect(await modes()).toEqual(['off'])
      await store.reinforceMany([
        { namespace: 'u1', ids: ['a'] },
        { namespace: 'u2', ids: ['b'] },
      ])
      expect(await modes()).toEqual(['off'])
      await store.reinforce('u1', ['e'], { slidingTtlMs: 60_000 })
      expect(await modes()).toEqual(['on'])
      expect((await store.get('u1', 'a'))!.accessCount).toBe(2)
      expect((await store.get('u2', 'b'))!.accessCount).toBe(1)
    })
  })
}

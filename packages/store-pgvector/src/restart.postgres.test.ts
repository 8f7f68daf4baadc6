import { createMemory, type MemoryError, type MemoryService, StoreError } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, requirePostgres } from './__fixtures__/postgresTestDatabase.js'
import { TcpProxy } from './__fixtures__/TcpProxy.js'
import { createPgVectorStore } from './store/createPgVectorStore.js'
import type { PgVectorStore } from './store/PgVectorStore.js'

const dims = 32

/** What an application does with a retryable failure: the same call again, a few times. */
async function withRetries<T>(work: () => Promise<T>, failures: MemoryError[]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      if (!StoreError.isInstance(error) || !error.retryable || attempt >= 8) throw error
      failures.push(error)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
}

if (requirePostgres('a PostgreSQL server that goes away mid-call (connections cut by a proxy)')) {
  describe('a PostgreSQL server that goes away mid-call (connections cut by a proxy)', {
    timeout: 300_000,
  }, () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>
    let proxy: TcpProxy
    let store: PgVectorStore
    let memory: MemoryService

    beforeAll(async () => {
      database = await createTestDatabase('restart')
      const direct = new URL(database.url)
      proxy = new TcpProxy(Number(direct.port || 5432))
      await proxy.start()
      const proxied = new URL(database.url)
      proxied.hostname = '127.0.0.1'
      proxied.port = String(proxy.port)
      store = await createPgVectorStore({
        connectionString: proxied.toString(),
        dimensions: dims,
        migrate: true,
        maxConnections: 4,
        onConnectionError: () => undefined,
      })
      memory = createMemory({ store, embedder: createHashingEmbedder({ dimensions: dims }) })
    })
    afterAll(async () => {
      await memory?.close()
      await proxy?.stop()
      await database?.drop()
    })

    it('mid-rememberMany: failures are retryable and say so; retried, nothing acknowledged is lost and nothing is written twice', async () => {
      const failures: MemoryError[] = []
      let writes = 0
      // Every third write transaction loses its connection: half before the COMMIT reaches the
      // server, half after (committed, its answer lost: the ambiguous case a retry must not double).
      proxy.cutOn = (chunk) => {
        if (!/COMMIT/.test(chunk)) return undefined
        writes++
        if (writes % 3 !== 0) return undefined
        return writes % 6 === 0 ? 'after' : 'before'
      }
      const acknowledged: string[] = []
      for (let batch = 0; batch < 24; batch++) {
        const contents = Array.from({ length: 6 }, (_, i) => `fact ${batch}-${i} about the harbour ferry`)
        const results = await withRetries(
          () =>
            memory.rememberMany(
              'ada',
              contents.map((content) => ({ content })),
            ),
          failures,
        )
        expect(results).toHaveLength(contents.length)
        acknowledged.push(...contents)
      }
      proxy.cutOn = undefined
      expect(proxy.cuts).toBeGreaterThan(4)
      expect(failures.length).toBeGreaterThan(0)
      for (const failure of failures) {
        expect(failure.retryable).toBe(true)
        expect((failure as StoreError).kind).toBe('connection')
        expect(failure.message).toMatch(/connection failed \(retryable: make the same call again/)
      }
      const check = new pg.Client({ connectionString: database.url })
      await check.connect()
      try {
        const rows = await check.query<{ content: string; n: number }>(
          "SELECT content, count(*)::int AS n FROM memories WHERE namespace = 'ada' GROUP BY content",
        )
        const counts = new Map(rows.rows.map((row) => [row.content, row.n]))
        for (const content of acknowledged) expect(counts.get(content), content).toBe(1)
        expect(rows.rows.length).toBe(acknowledged.length)
      } finally {
        await check.end()
      }
    })

    it('mid-search: failures are retryable; the same store object serves the next searches', async () => {
      const failures: MemoryError[] = []
      let reads = 0
      proxy.cutOn = (chunk) => {
        if (!/BEGIN READ ONLY|SELECT/.test(chunk)) return undefined
        reads++
        return reads % 4 === 0 ? 'after' : undefined
      }
      let answered = 0
      for (let i = 0; i < 30; i++) {
        const result = await memory
          .recall('ada', `harbour ferry fact ${i % 24}`, { limit: 5 })
          .catch((error: unknown) => {
            // Recall degrades a failed leg rather than failing; a failure it does pass on is retryable.
            expect(StoreError.isInstance(error) && error.retryable).toBe(true)
            failures.push(error as MemoryError)
            return undefined
          })
        if (result !== undefined) answered++
      }
      proxy.cutOn = undefined
      // A cut scheduled just after the last read lands a moment later; then the server is back for good.
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(proxy.cuts).toBeGreaterThan(4)
      // Recovered without a new store: every search now answers, from every pooled connection.
      for (let i = 0; i < 12; i++) {
        const hits = await store.searchText('ada', 'harbour ferry', { limit: 3 })
        expect(hits).toHaveLength(3)
        const result = await memory.recall('ada', 'harbour ferry', { limit: 3 })
        expect(result.degraded).toBeUndefined()
        expect(result.hits).toHaveLength(3)
      }
      expect(answered + failures.length).toBe(30)
    })
  })
}

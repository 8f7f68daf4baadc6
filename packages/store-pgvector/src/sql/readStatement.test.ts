import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestDatabase, requirePostgres } from '../__fixtures__/postgresTestDatabase.js'
import { TcpProxy } from '../__fixtures__/TcpProxy.js'
import { testExecutors } from '../__fixtures__/testExecutors.js'
import type { Executor } from './Executor.js'
import { PoolExecutor } from './PoolExecutor.js'
import type { TransactionScope } from './TransactionScope.js'

const scope: TransactionScope = { access: 'read', namespace: 'n' }

function describeReadStatement(
  name: string,
  open: () => Promise<{ executor: Executor; close(): Promise<void> }>,
) {
  describe(`readStatement on ${name}`, () => {
    let executor: Executor
    let close: () => Promise<void>
    beforeAll(async () => {
      ;({ executor, close } = await open())
      await executor.transaction(async (sql) => {
        await sql.query('CREATE TABLE kept (x int)')
        await sql.query('INSERT INTO kept VALUES (1)')
      })
    })
    afterAll(async () => {
      await close?.()
    })

    it('answers in a read-only transaction holding its settings, and leaves no setting behind', async () => {
      const ask =
        "SELECT current_setting('hnsw.ef_search', true) AS ef, current_setting('transaction_read_only') AS ro"
      const [inside] = await executor.readStatement<{ ef: string; ro: string }>(ask, [], {
        ...scope,
        settings: { 'hnsw.ef_search': '77' },
      })
      expect(inside).toEqual({ ef: '77', ro: 'on' })
      const [after] = await executor.readStatement<{ ef: string | null }>(ask, [], scope)
      expect(after?.ef).not.toBe('77')
    })

    it('binds parameters and returns every row', async () => {
      const rows = await executor.readStatement<{ n: number }>(
        'SELECT generate_series(1, $1::int) AS n',
        [3],
        scope,
      )
      expect(rows.map((r) => r.n)).toEqual([1, 2, 3])
    })

    it('refuses a write, changes nothing, and the next read works', async () => {
      await expect(
        executor.readStatement('INSERT INTO kept VALUES (2) RETURNING x', [], scope),
      ).rejects.toThrow(/read-only/)
      const rows = await executor.readStatement<{ n: number }>(
        'SELECT count(*)::int AS n FROM kept',
        [],
        scope,
      )
      expect(rows).toEqual([{ n: 1 }])
    })

    it('fails a bad statement and leaves no transaction open', async () => {
      await expect(executor.readStatement('SELECT 1/0 AS never', [], scope)).rejects.toThrow(
        /division by zero|22012/,
      )
      const status = await executor.transaction(async (sql) => {
        // A transaction left open by the failed read would make this BEGIN a warning, not a start.
        return (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM kept')).rows[0]?.n
      })
      expect(status).toBe(1)
    })
  })
}

describeReadStatement('PGlite', testExecutors.pglite)

if (requirePostgres('readStatement on PostgreSQL')) {
  describeReadStatement('PostgreSQL', () => testExecutors.postgres('readstatement'))

  describe('readStatement on PostgreSQL, on the wire', () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>
    let proxy: TcpProxy
    let pool: pg.Pool
    let executor: PoolExecutor
    beforeAll(async () => {
      database = await createTestDatabase('readwire')
      const url = new URL(database.url)
      proxy = new TcpProxy(Number(url.port || 5432))
      await proxy.start()
      url.hostname = '127.0.0.1'
      url.port = String(proxy.port)
      pool = new pg.Pool({ connectionString: url.toString(), max: 1 })
      executor = new PoolExecutor(pool, { statementTimeoutMs: 5_000, ownsPool: true })
    })
    afterAll(async () => {
      await executor?.close()
      await proxy?.stop()
      await database?.drop()
    })

    it('writes BEGIN, the statement and COMMIT before the first answer comes back', async () => {
      // The pool's one connection is opened (and answered) first.
      await executor.readStatement('SELECT 1', [], scope)
      const from = proxy.sent.length
      proxy.holdReplies()
      const answer = executor.readStatement<{ one: number }>('SELECT $1::int AS one', [1], scope)
      try {
        await vi.waitFor(() => expect(proxy.sent.slice(from)).toContain('COMMIT'), { timeout: 5_000 })
        expect(proxy.sent.slice(from)).toContain('BEGIN READ ONLY')
      } finally {
        proxy.releaseReplies()
      }
      expect(await answer).toEqual([{ one: 1 }])
      // The client went back to the pool as it came: one query at a time again.
      const client = await pool.connect()
      try {
        expect((client as unknown as { pipeline: boolean }).pipeline).toBe(false)
        expect((await client.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }])
      } finally {
        client.release()
      }
    })
  })
}

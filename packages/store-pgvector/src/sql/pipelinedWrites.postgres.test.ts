import type { Socket } from 'node:net'
import pg from 'pg'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { databaseUrl, requirePostgres } from '../__fixtures__/postgresTestDatabase.js'
import { PoolExecutor } from './PoolExecutor.js'

if (requirePostgres('pipelined writes on PostgreSQL')) {
  describe('a pipelined transaction on PostgreSQL', () => {
    const pool = new pg.Pool({ connectionString: databaseUrl(), max: 1 })
    const executor = new PoolExecutor(pool, { statementTimeoutMs: 0, ownsPool: false })
    afterAll(async () => {
      await executor.close()
      await pool.end()
    })

    it('writes the statements issued side by side to the server at once, and the later ones at once too', async () => {
      // The pool's one client, and a count of what its socket hands the kernel.
      const client = await pool.connect()
      const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream
      client.release()
      let writes = 0
      const counted = socket as unknown as Record<'_write' | '_writev', (...a: unknown[]) => unknown>
      for (const name of ['_write', '_writev'] as const) {
        const original = counted[name].bind(socket)
        counted[name] = (...a: unknown[]) => {
          writes++
          return original(...a)
        }
      }
      const answers = await executor.pipelinedRead(
        async (sql) => {
          // The BEGIN and three statements in one turn of the event loop: one write.
          const first = await Promise.all([1, 2, 3].map((n) => sql.query<{ n: number }>(`SELECT ${n} AS n`)))
          const afterFirst = writes
          // A later statement with the COMMIT: one more.
          const last = sql.query<{ n: number }>('SELECT 4 AS n')
          sql.commit()
          return { rows: [...first, await last].map((r) => r.rows[0]!.n), afterFirst }
        },
        { access: 'read', namespace: undefined },
      )
      expect(answers.rows).toEqual([1, 2, 3, 4])
      expect(answers.afterFirst).toBe(1)
      expect(writes).toBe(2)
    })

    it("a read's answer does not wait for a COMMIT left alone after its last statement; the client goes back to the pool once that is answered", async () => {
      // The pool's one client, its COMMITs held back until the test lets them go.
      const client = await pool.connect()
      client.release()
      let letGo: () => void = () => {}
      const gate = new Promise<void>((resolve) => {
        letGo = resolve
      })
      const patched = client as unknown as { query: (...a: unknown[]) => Promise<unknown> }
      const original = patched.query.bind(client)
      patched.query = (...a: unknown[]) =>
        a[0] === 'COMMIT' ? gate.then(() => original(...a)) : original(...a)
      try {
        const read = executor.pipelinedRead(
          async (sql) => {
            const row = await sql.query<{ n: number }>('SELECT 5 AS n')
            // The work needs nothing more: its COMMIT leaves alone.
            sql.commit()
            return row.rows[0]!.n
          },
          { access: 'read', namespace: undefined },
        )
        const first = await Promise.race([
          read,
          new Promise((resolve) => setTimeout(() => resolve('waited for the COMMIT'), 2_000)),
        ])
        expect(first).toBe(5)
        expect(pool.idleCount).toBe(0)
        letGo()
        await vi.waitFor(() => expect(pool.idleCount).toBe(1))
        // The transaction ended: its server session is idle, not idle in a transaction.
        const observer = new pg.Client({ connectionString: databaseUrl() })
        await observer.connect()
        try {
          const pid = (client as unknown as { processID: number }).processID
          const { rows } = await observer.query<{ state: string }>(
            'SELECT state FROM pg_stat_activity WHERE pid = $1',
            [pid],
          )
          expect(rows).toEqual([{ state: 'idle' }])
        } finally {
          await observer.end()
        }
      } finally {
        letGo()
        patched.query = original
      }
    })
  })
}

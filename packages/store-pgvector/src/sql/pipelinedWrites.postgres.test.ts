import type { Socket } from 'node:net'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
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
  })
}

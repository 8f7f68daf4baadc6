import { afterEach, describe, expect, it, vi } from 'vitest'
import { createScratchDatabase } from './createScratchDatabase.js'
import { loggedPool } from './loggedPool.js'

const url = process.env.DATABASE_URL
if (process.env.CI === 'true' && !url) throw new Error('DATABASE_URL is required under CI')

describe.runIf(url)('loggedPool', () => {
  afterEach(() => vi.restoreAllMocks())

  it('logs an idle client whose session the server ended, and the pool keeps working', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const db = await createScratchDatabase(url!, `agent_memory_bench_${process.pid}_logged_pool`)
    const pool = loggedPool({ connectionString: db.url, max: 1 })
    try {
      const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
      // The pool's one client is idle now; end its session from outside, as a forced drop does.
      const admin = loggedPool({ connectionString: url!, max: 1 })
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid])
      await admin.end()
      await vi.waitFor(() =>
        expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^\[bench\] idle Postgres client error: /)),
      )
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
    } finally {
      await pool.end()
      await db.drop()
    }
  })
})

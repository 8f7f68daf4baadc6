import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, requirePostgres } from '../__fixtures__/postgresTestDatabase.js'
import type { Executor } from './Executor.js'
import { PgliteExecutor } from './PgliteExecutor.js'
import { PoolExecutor } from './PoolExecutor.js'
import { settingsStatement } from './settingsStatement.js'

describe('settingsStatement', () => {
  it('sets each setting for the transaction only, in one statement', () => {
    expect(settingsStatement({ 'hnsw.ef_search': '100', 'hnsw.iterative_scan': 'relaxed_order' })).toBe(
      "SELECT set_config('hnsw.ef_search', '100', true), set_config('hnsw.iterative_scan', 'relaxed_order', true)",
    )
    expect(settingsStatement(undefined)).toBeUndefined()
    expect(settingsStatement({})).toBeUndefined()
  })

  it('refuses anything but plain words (it is inlined)', () => {
    expect(() => settingsStatement({ "x'; DROP TABLE memories; --": '1' })).toThrow(/not a plain setting/)
    expect(() => settingsStatement({ 'hnsw.ef_search': "1', false) --" })).toThrow(/not a plain setting/)
  })
})

function describeSettings(name: string, open: () => Promise<{ executor: Executor; close(): Promise<void> }>) {
  describe(`transaction settings on ${name}`, () => {
    let opened: { executor: Executor; close(): Promise<void> }
    const efSearch = (executor: Executor, settings?: Record<string, string>) =>
      executor.transaction(
        async (sql) => {
          // Loads pgvector's library, so its settings are its own and not placeholders.
          await sql.query("SELECT '[1,2]'::vector(2) <=> '[2,1]'::vector(2)")
          return (await sql.query<{ ef: string }>("SELECT current_setting('hnsw.ef_search') AS ef")).rows[0]!
            .ef
        },
        { access: 'read', namespace: 'n', ...(settings === undefined ? {} : { settings }) },
      )
    beforeAll(async () => {
      opened = await open()
    })
    afterAll(async () => {
      await opened?.close()
    })

    it('holds them in the transaction that asked, and in no other', async () => {
      const before = await efSearch(opened.executor)
      expect(await efSearch(opened.executor, { 'hnsw.ef_search': '77' })).toBe('77')
      expect(await efSearch(opened.executor)).toBe(before)
      expect(before).not.toBe('77')
    })
  })
}

describeSettings('PGlite', async () => {
  const db = await PGlite.create({ extensions: { vector } })
  await db.query('CREATE EXTENSION IF NOT EXISTS vector')
  const executor = new PgliteExecutor(db, { ownsDb: true })
  return { executor, close: () => executor.close() }
})
if (requirePostgres('transaction settings on PostgreSQL')) {
  describeSettings('PostgreSQL', async () => {
    const database = await createTestDatabase('txsettings')
    const pool = new pg.Pool({ connectionString: database.url, max: 1 })
    await pool.query('CREATE EXTENSION IF NOT EXISTS vector')
    const executor = new PoolExecutor(pool, { statementTimeoutMs: 5_000, ownsPool: true })
    return {
      executor,
      close: async () => {
        await executor.close()
        await database.drop()
      },
    }
  })
}

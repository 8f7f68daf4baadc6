import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requirePostgres } from '../__fixtures__/postgresTestDatabase.js'
import { testExecutors } from '../__fixtures__/testExecutors.js'
import type { Executor } from './Executor.js'
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

describeSettings('PGlite', testExecutors.pglite)

if (requirePostgres('transaction settings on PostgreSQL')) {
  describeSettings('PostgreSQL', () => testExecutors.postgres('txsettings'))
}

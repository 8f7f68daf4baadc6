import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, requirePostgres } from '../../__fixtures__/postgresTestDatabase.js'
import type { SqlRunner } from '../../sql/SqlRunner.js'
import type { StoreContext } from '../context/StoreContext.js'
import { ANN_EF_SEARCH } from './ANN_EF_SEARCH.js'
import { useAnn } from './useAnn.js'

/** A connection that can hold a transaction open: begin/commit and a runner inside it. */
interface Session {
  run: SqlRunner
  close(): Promise<void>
}

/** Just what `useAnn` reads: cached facts saying the namespace has its own valid index. */
function indexedContext(): StoreContext {
  const facts = {
    rows: 5_000,
    tableRows: 100_000,
    ann: false,
    namespaceIndex: true,
    efSearch: null,
    at: Date.now(),
  }
  return {
    exactSearchMaxRows: 2_000,
    countTtlMs: 60_000,
    searchFacts: new Map([['memories:big', facts]]),
  } as unknown as StoreContext
}

function describeKnobs(name: string, open: () => Promise<Session>): void {
  describe(`useAnn on ${name}`, () => {
    let session: Session
    const setting = async (knob: string) =>
      (await session.run.query<{ value: string }>('SELECT current_setting($1) AS value', [knob])).rows[0]!
        .value
    beforeAll(async () => {
      session = await open()
      // Loads pgvector's library, so its settings are its own and not placeholders.
      await session.run.query("SELECT '[1,2]'::vector(2) <=> '[2,1]'::vector(2)")
    })
    afterAll(async () => {
      await session?.close()
    })

    it.each([
      [10, ANN_EF_SEARCH],
      [300, 300],
      [5_000, 1_000],
    ])(
      'for %i rows wanted sets ef_search %i and the relaxed scan, for its own transaction only',
      async (limit, ef) => {
        const before = await setting('hnsw.ef_search')
        await session.run.query('BEGIN')
        expect(await useAnn(indexedContext(), session.run, 'memories', 'big', limit)).toBe('namespace')
        expect(await setting('hnsw.ef_search')).toBe(String(ef))
        expect(await setting('hnsw.iterative_scan')).toBe('relaxed_order')
        await session.run.query('COMMIT')
        expect(await setting('hnsw.ef_search')).toBe(before)
        expect(await setting('hnsw.iterative_scan')).toBe('off')
      },
    )

    it.each([
      [10, 64],
      [300, 300],
    ])(
      'for %i rows wanted through a namespace index calibrated to ef_search 64 sets %i',
      async (limit, ef) => {
        const context = indexedContext()
        context.searchFacts.set('memories:big', { ...context.searchFacts.get('memories:big')!, efSearch: 64 })
        await session.run.query('BEGIN')
        expect(await useAnn(context, session.run, 'memories', 'big', limit)).toBe('namespace')
        expect(await setting('hnsw.ef_search')).toBe(String(ef))
        await session.run.query('COMMIT')
      },
    )

    it('walks the global index for a namespace holding most of the table and no index of its own', async () => {
      const context = indexedContext()
      context.searchFacts.set('memories:most', {
        rows: 60_000,
        tableRows: 100_000,
        ann: true,
        namespaceIndex: false,
        efSearch: null,
        at: Date.now(),
      })
      await session.run.query('BEGIN')
      expect(await useAnn(context, session.run, 'memories', 'most', 10)).toBe('global')
      expect(await setting('hnsw.ef_search')).toBe(String(ANN_EF_SEARCH))
      await session.run.query('COMMIT')
    })

    it('sets nothing for a namespace searched exactly', async () => {
      const context = indexedContext()
      context.searchFacts.set('memories:small', {
        rows: 50,
        tableRows: 100_000,
        ann: false,
        namespaceIndex: false,
        efSearch: null,
        at: Date.now(),
      })
      await session.run.query('BEGIN')
      expect(await useAnn(context, session.run, 'memories', 'small', 10)).toBe(null)
      expect(await setting('hnsw.iterative_scan')).toBe('off')
      await session.run.query('COMMIT')
    })
  })
}

describeKnobs('PGlite', async () => {
  const db = await PGlite.create({ extensions: { vector } })
  await db.query('CREATE EXTENSION IF NOT EXISTS vector')
  return {
    run: {
      query: async <Row>(text: string, params?: unknown[]) => {
        const result = await db.query<Row>(text, params)
        return { rows: result.rows, rowCount: result.affectedRows ?? 0 }
      },
    },
    close: () => db.close(),
  }
})
if (requirePostgres('useAnn on PostgreSQL')) {
  describeKnobs('PostgreSQL', async () => {
    const database = await createTestDatabase('useann')
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    await client.query('CREATE EXTENSION IF NOT EXISTS vector')
    return {
      run: {
        query: async <Row>(text: string, params?: unknown[]) => {
          const result = await client.query(text, params)
          return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 }
        },
      },
      close: async () => {
        await client.end()
        await database.drop()
      },
    }
  })
}

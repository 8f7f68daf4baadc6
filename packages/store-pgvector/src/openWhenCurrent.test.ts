import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPgVectorStore, migrate } from './index.js'

const dims = 4
const databases: PGlite[] = []

async function migrated(): Promise<PGlite> {
  const db = await PGlite.create({ extensions: { vector } })
  databases.push(db)
  await migrate(db, { dimensions: dims })
  return db
}

/** Every statement sent to the database while `work` runs; a transaction counts as `TRANSACTION`. */
async function statementsDuring(db: PGlite, work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = []
  const original = db.query.bind(db)
  const query = vi.spyOn(db, 'query').mockImplementation(((text: string, ...rest: never[]) => {
    sent.push(text)
    return original(text, ...rest)
  }) as never)
  const transaction = vi.spyOn(db, 'transaction')
  try {
    await work()
    return [...sent, ...transaction.mock.calls.map(() => 'TRANSACTION')]
  } finally {
    query.mockRestore()
    transaction.mockRestore()
  }
}

describe('opening a store whose schema and embedder are current', { timeout: 120_000 }, () => {
  afterEach(async () => {
    for (const db of databases.splice(0)) await db.close()
  })

  it('migrate only reads: two catalog reads, no DDL, no lock, no migration files replayed', async () => {
    const db = await migrated()
    const sent = await statementsDuring(db, () => migrate(db, { dimensions: dims }))
    expect(sent).toHaveLength(2)
    expect(sent.join('\n')).not.toMatch(/CREATE|ALTER|DROP|INSERT|pg_advisory_lock|TRANSACTION/)
  })

  it('still repairs what is not current: a missing HNSW index is created again', async () => {
    const db = await migrated()
    await migrate(db, { dimensions: dims, annIndex: true })
    await db.query('DROP INDEX memories_embedding_hnsw')
    await migrate(db, { dimensions: dims, annIndex: true })
    const found = await db.query<{ index: string | null }>(
      "SELECT to_regclass('memories_embedding_hnsw')::text AS index",
    )
    expect(found.rows[0]?.index).toBe('memories_embedding_hnsw')
  })

  it('the store checks the recorded embedder with two reads and no transaction once it is recorded', async () => {
    const db = await migrated()
    await (await createPgVectorStore({ db, dimensions: dims, model: 'm' })).close()
    const sent = await statementsDuring(db, async () => {
      await (await createPgVectorStore({ db, dimensions: dims, model: 'm' })).close()
    })
    expect(sent.filter((statement) => /agent_memory_meta/.test(statement))).toHaveLength(2)
    expect(sent.join('\n')).not.toMatch(/INSERT|UPDATE|TRANSACTION/)
    // A different model is still refused.
    await expect(createPgVectorStore({ db, dimensions: dims, model: 'other' })).rejects.toThrow(/other/)
  })
})

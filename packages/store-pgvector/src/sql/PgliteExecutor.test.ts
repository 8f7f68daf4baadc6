import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { afterEach, describe, expect, it } from 'vitest'
import { vectorLiteral } from '../store/vectorLiteral.js'
import { vectorParam } from '../store/vectorParam.js'
import { PgliteExecutor } from './PgliteExecutor.js'

describe('PgliteExecutor binding a vector parameter', () => {
  let executor: PgliteExecutor | undefined
  afterEach(async () => {
    await executor?.close()
    executor = undefined
  })

  it('gives the database the same vector in binary as in text, in sessions and transactions', async () => {
    const db = await PGlite.create({ extensions: { vector } })
    await db.query('CREATE EXTENSION IF NOT EXISTS vector')
    executor = new PgliteExecutor(db, { ownsDb: true })
    const query = Float32Array.from({ length: 1536 }, (_, i) => Math.sin(i * 1.7) / (1 + (i % 13)))
    const other = Float32Array.from({ length: 1536 }, (_, i) => Math.cos(i * 0.3) - 0.5)
    const statement = 'SELECT $1::vector::text AS v, ($1::vector <=> $2::vector)::text AS d'
    const text = await executor.session((sql) =>
      sql.query<{ v: string; d: string }>(statement, [vectorLiteral(query), vectorLiteral(other)]),
    )
    const binary = await executor.session((sql) =>
      sql.query<{ v: string; d: string }>(statement, [vectorParam(query), vectorParam(other)]),
    )
    const inTransaction = await executor.transaction((sql) =>
      sql.query<{ v: string; d: string }>(statement, [vectorParam(query), vectorLiteral(other)]),
    )
    expect(binary.rows).toEqual(text.rows)
    expect(inTransaction.rows).toEqual(text.rows)
  })

  it('finds the type once the extension exists, when a first use came before it', async () => {
    const db = await PGlite.create({ extensions: { vector } })
    executor = new PgliteExecutor(db, { ownsDb: true })
    const bytes = vectorParam(Float32Array.of(1, 2, 3))
    await expect(executor.session((sql) => sql.query('SELECT $1::vector', [bytes]))).rejects.toThrow()
    await executor.session((sql) => sql.query('CREATE EXTENSION vector'))
    const read = await executor.session((sql) =>
      sql.query<{ v: string }>('SELECT $1::vector::text AS v', [bytes]),
    )
    expect(read.rows).toEqual([{ v: '[1,2,3]' }])
  })
})

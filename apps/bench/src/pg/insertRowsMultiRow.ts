import type pg from 'pg'
import { vectorLiteral } from '../harness/vectorLiteral.js'
import type { RawRow } from './copyRowsBinary.js'

/** Multi-row text `INSERT … VALUES (…), (…)`, `perStatement` rows a statement, vectors as text literals. */
export async function insertRowsMultiRow(
  pool: pg.Pool,
  table: string,
  rows: readonly RawRow[],
  perStatement = 100,
): Promise<void> {
  for (let start = 0; start < rows.length; start += perStatement) {
    const batch = rows.slice(start, start + perStatement)
    const values: unknown[] = []
    const tuples = batch.map((row, i) => {
      values.push(row.id, row.namespace, row.content, vectorLiteral(row.embedding))
      return `($${4 * i + 1}, $${4 * i + 2}, $${4 * i + 3}, $${4 * i + 4})`
    })
    await pool.query(
      `INSERT INTO ${table} (id, namespace, content, embedding) VALUES ${tuples.join(', ')}`,
      values,
    )
  }
}

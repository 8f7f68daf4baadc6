import type { SqlRunner } from '../../sql/SqlRunner.js'
import { SqlParams } from '../SqlParams.js'
import { MAX_ROWS_PER_INSERT } from './MAX_ROWS_PER_INSERT.js'
import { memoryRowTuple } from './memoryRowTuple.js'
import type { RowValues } from './RowValues.js'
import { WRITE_SQL } from './WRITE_SQL.js'

/**
 * Multi-row `INSERT … ON CONFLICT` statements: the path for small batches and drivers without COPY.
 * Every statement is issued before the first answer is awaited (a connection runs them in order),
 * so on a pipelined runner they share one round trip.
 */
export async function insertUpsert(
  sql: SqlRunner,
  ns: string,
  rows: RowValues[],
  onConflict: string,
): Promise<void> {
  const sent: Array<Promise<unknown>> = []
  for (let start = 0; start < rows.length; start += MAX_ROWS_PER_INSERT) {
    const params = new SqlParams()
    const nsParam = params.add(ns)
    const tuples = rows
      .slice(start, start + MAX_ROWS_PER_INSERT)
      .map((row) => memoryRowTuple(params, nsParam, row))
    sent.push(
      sql.query(`INSERT INTO memories (${WRITE_SQL.columns}) VALUES ${tuples.join(',\n')} ${onConflict}`, [
        ...params.values,
      ]),
    )
  }
  await Promise.all(sent)
}

import type { MemoryWrite } from '@agent-memory/core'
import type { SqlRunner } from '../../sql/SqlRunner.js'
import type { CopyValue } from '../BinaryCopyWriter.js'
import type { StoreContext } from '../context/StoreContext.js'
import { analyseSearchTexts } from './analyseSearchTexts.js'
import { copyPayload } from './copyPayload.js'
import { rowCopyFields } from './rowCopyFields.js'
import { toRowValues } from './toRowValues.js'
import { WRITE_SQL } from './WRITE_SQL.js'

/**
 * An all-new batch: binary COPY straight into `memories` (no staging table, no ON CONFLICT), the
 * search `tsvector`s analysed by the server first (`analyseSearchTexts`).
 */
export async function copyInsert(
  context: StoreContext,
  sql: SqlRunner,
  ns: string,
  writes: MemoryWrite[],
): Promise<void> {
  // The transaction's now(), exactly as the INSERT paths store it (µs, not a JS Date's ms).
  const clock = await sql.query<{ now: Uint8Array }>('SELECT timestamptz_send(now()) AS now')
  const now = clock.rows[0]!.now
  const { rows, searches } = await analyseSearchTexts(sql, writes, toRowValues)
  const payload = copyPayload(rows, (row, i) => {
    const created: CopyValue =
      row.createdAt === null ? { type: 'binary', value: now } : { type: 'timestamptz', value: row.createdAt }
    const { head, tail } = rowCopyFields(row)
    return [
      { type: 'text', value: ns },
      ...head,
      created,
      { type: 'binary', value: now },
      created,
      ...tail,
      { type: 'binary', value: searches[i]! },
    ]
  })
  await sql.copyIn!(
    `COPY memories (${WRITE_SQL.columns}) FROM STDIN (FORMAT binary)`,
    // node-postgres pulls the rows as the socket drains, so encoding overlaps the server's COPY.
    context.executor.kind === 'postgres' ? payload : [...payload],
  )
}

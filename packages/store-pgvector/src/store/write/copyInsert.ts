import type { MemoryWrite } from '@agent-memory/core'
import type { SqlRunner } from '../../sql/SqlRunner.js'
import { BinaryCopyWriter, type CopyValue } from '../BinaryCopyWriter.js'
import type { StoreContext } from '../context/StoreContext.js'
import { searchVectorSql } from '../searchText.js'
import type { RowValues } from './RowValues.js'
import { rowCopyFields } from './rowCopyFields.js'
import { toRowValues } from './toRowValues.js'
import { WRITE_SQL } from './WRITE_SQL.js'

/** Rows per `tsvector` round trip. */
const SEARCH_VECTOR_CHUNK = 500

/** A binary COPY payload encoded lazily, row by row, in ~1 MiB pieces. */
function* copyPayload<T>(rows: readonly T[], fields: (row: T, i: number) => CopyValue[]): Generator<Buffer> {
  const writer = new BinaryCopyWriter()
  for (let i = 0; i < rows.length; i++) {
    writer.addRow(fields(rows[i]!, i))
    yield* writer.drain()
  }
  yield* writer.finish()
}

/**
 * An all-new batch: binary COPY straight into `memories` (no staging table, no ON CONFLICT).
 * COPY cannot evaluate expressions, so the server first analyses the rows' text through
 * `searchVectorSql` — the expression every other write path uses — and hands back each
 * `tsvector` in its binary send form, which the COPY relays unchanged.
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
  const rows: RowValues[] = []
  const searches: Uint8Array[] = []
  let next = writes.slice(0, SEARCH_VECTOR_CHUNK).map(toRowValues)
  for (let start = 0; next.length > 0; start += SEARCH_VECTOR_CHUNK) {
    const current = next
    rows.push(...current)
    const analysed = sql.query<{ search: Uint8Array }>(
      `SELECT tsvectorsend(${searchVectorSql('t.text')}) AS search
         FROM unnest($1::text[]) WITH ORDINALITY AS t(text, ord) ORDER BY t.ord`,
      [current.map((row) => row.searchText)],
    )
    analysed.catch(() => undefined) // awaited below; never an unhandled rejection meanwhile
    // One query in flight at a time, but segmenting the next chunk's words here (the JS
    // half of the analysis) overlaps the server analysing this one.
    next = writes.slice(start + SEARCH_VECTOR_CHUNK, start + 2 * SEARCH_VECTOR_CHUNK).map(toRowValues)
    for (const row of (await analysed).rows) searches.push(row.search)
  }
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

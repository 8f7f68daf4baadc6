import type { SqlRunner } from '../../sql/SqlRunner.js'
import { searchVectorSql } from '../searchText.js'

/** Rows per `tsvector` round trip. */
const SEARCH_VECTOR_CHUNK = 500

/**
 * Prepares rows for a binary COPY into `memories` and has the server analyse their search text:
 * COPY cannot evaluate expressions, so each row's `tsvector` comes back in its binary send form
 * (through `searchVectorSql`, the expression every other write path uses) and the COPY relays it
 * unchanged. One query is in flight at a time, and preparing the next chunk of rows here (the
 * JS half of the analysis: word segmentation) overlaps the server analysing the current one.
 */
export async function analyseSearchTexts<T, R extends { searchText: string }>(
  sql: SqlRunner,
  items: readonly T[],
  prepare: (item: T) => R,
): Promise<{ rows: R[]; searches: Uint8Array[] }> {
  const rows: R[] = []
  const searches: Uint8Array[] = []
  let next = items.slice(0, SEARCH_VECTOR_CHUNK).map(prepare)
  for (let start = 0; next.length > 0; start += SEARCH_VECTOR_CHUNK) {
    const current = next
    rows.push(...current)
    const analysed = sql.query<{ search: Uint8Array }>(
      `SELECT tsvectorsend(${searchVectorSql('t.text')}) AS search
         FROM unnest($1::text[]) WITH ORDINALITY AS t(text, ord) ORDER BY t.ord`,
      [current.map((row) => row.searchText)],
    )
    analysed.catch(() => undefined) // awaited below; never an unhandled rejection meanwhile
    next = items.slice(start + SEARCH_VECTOR_CHUNK, start + 2 * SEARCH_VECTOR_CHUNK).map(prepare)
    for (const row of (await analysed).rows) searches.push(row.search)
  }
  return { rows, searches }
}

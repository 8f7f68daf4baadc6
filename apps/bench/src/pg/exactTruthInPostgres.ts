import type pg from 'pg'

/** Connections scoring queries at once (the server's own parallel workers add to this). */
const CONCURRENCY = 2

/**
 * The exact top-k row ids of each query by inner product (the cosine of unit vectors), ties by
 * id, scanned by PostgreSQL over `table` before any vector index exists on it. pgvector's C
 * distance loop is several times faster than the bench's JS scan, which took ~8 minutes for
 * 1,000 queries at 100k × 1536-d; it also ranks in float32 exactly as every ANN answer it is
 * compared with.
 */
export async function exactTruthInPostgres(
  pool: pg.Pool,
  table: string,
  queryLiterals: readonly string[],
  k: number,
): Promise<number[][]> {
  const truth: number[][] = new Array(queryLiterals.length)
  let next = 0
  const worker = async () => {
    const client = await pool.connect()
    try {
      // A plan through any index would not be exact.
      await client.query('SET enable_indexscan = off')
      while (next < queryLiterals.length) {
        const q = next++
        const { rows } = await client.query<{ id: string }>(
          `SELECT id FROM ${table} ORDER BY embedding <#> $1::vector, id LIMIT $2`,
          [queryLiterals[q], k],
        )
        truth[q] = rows.map((row) => Number(row.id))
      }
    } finally {
      await client.query('RESET enable_indexscan').catch(() => undefined)
      client.release()
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return truth
}

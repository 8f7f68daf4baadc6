import type pg from 'pg'

/** The raw baselines' table: the same columns our rows carry (id, namespace, text, vector), no vector index. */
export async function createRawTable(pool: pg.Pool, table: string, dimensions: number): Promise<void> {
  await pool.query(`DROP TABLE IF EXISTS ${table}`)
  await pool.query(
    `CREATE TABLE ${table} (id bigint PRIMARY KEY, namespace text NOT NULL, content text NOT NULL, embedding vector(${dimensions}) NOT NULL)`,
  )
}

import type pg from 'pg'
import { timeIt } from '../harness/timeIt.js'
import { settleTable } from './settleTable.js'

/** HNSW (m 16, ef_construction 64, cosine) on `table.embedding`, with enough maintenance memory to build in RAM. Returns ms. */
export async function buildHnswIndex(
  pool: pg.Pool,
  table: string,
  maintenanceWorkMem: string,
): Promise<number> {
  const client = await pool.connect()
  try {
    await client.query(`SET maintenance_work_mem = '${maintenanceWorkMem}'`)
    const { ms } = await timeIt(() =>
      client.query(
        `CREATE INDEX ON ${table} USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64)`,
      ),
    )
    await client.query('RESET maintenance_work_mem')
    await settleTable(client, table)
    return ms
  } finally {
    client.release()
  }
}

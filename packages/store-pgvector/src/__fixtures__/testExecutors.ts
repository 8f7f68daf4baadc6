import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import pg from 'pg'
import type { Executor } from '../sql/Executor.js'
import { PgliteExecutor } from '../sql/PgliteExecutor.js'
import { PoolExecutor } from '../sql/PoolExecutor.js'
import { createTestDatabase } from './postgresTestDatabase.js'

/** An executor with pgvector installed, and what ends it (and drops its database). */
export interface TestExecutor {
  executor: Executor
  close(): Promise<void>
}

/** Each kind of executor the store runs on, over a fresh database of its own with pgvector. */
export const testExecutors = {
  async pglite(): Promise<TestExecutor> {
    const db = await PGlite.create({ extensions: { vector } })
    await db.query('CREATE EXTENSION IF NOT EXISTS vector')
    const executor = new PgliteExecutor(db, { ownsDb: true })
    return { executor, close: () => executor.close() }
  },
  /** A one-connection pool on a new database of DATABASE_URL's server. */
  async postgres(label: string): Promise<TestExecutor> {
    const database = await createTestDatabase(label)
    const pool = new pg.Pool({ connectionString: database.url, max: 1 })
    await pool.query('CREATE EXTENSION IF NOT EXISTS vector')
    const executor = new PoolExecutor(pool, { statementTimeoutMs: 5_000, ownsPool: true })
    return {
      executor,
      close: async () => {
        await executor.close()
        await database.drop()
      },
    }
  },
}

import type { SqlRunner } from '../../sql/SqlRunner.js'

/**
 * Drops the triggers that write the PostgreSQL keyword change log (migration 0011) where no
 * process will ever follow it, so that no write pays for it: a PGlite database, which one process
 * owns (the embedded store follows its own log, `KEYWORD_CHANGE_LOG`), and a Citus cluster, where a
 * worker's transaction ids are not the coordinator's. Idempotent.
 */
export async function dropKeywordChangeLogTriggers(sql: SqlRunner): Promise<void> {
  for (const trigger of ['insert', 'delete', 'update', 'truncate']) {
    await sql.query(`DROP TRIGGER IF EXISTS memories_keyword_log_${trigger} ON memories`)
  }
}

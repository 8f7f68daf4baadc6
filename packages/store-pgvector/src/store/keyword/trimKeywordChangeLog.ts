import type { StoreContext } from '../context/StoreContext.js'
import { KEYWORD_LOG_RETENTION_MS } from './KEYWORD_LOG_RETENTION_MS.js'

/**
 * Deletes the keyword change log's entries older than its retention (every namespace's at once).
 * Part of the writers' background upkeep (`scheduleKeywordFold`, every so many writes of a
 * namespace): the log grows only when someone writes. Nothing on a database not migrated to it.
 */
export async function trimKeywordChangeLog(context: StoreContext): Promise<void> {
  await context.executor.transaction(async (sql) => {
    const present = await sql.query<{ present: boolean }>(
      "SELECT to_regclass('agent_memory_keyword_log') IS NOT NULL AS present",
    )
    if (present.rows[0]?.present !== true) return
    await sql.query(
      `DELETE FROM agent_memory_keyword_log WHERE at < statement_timestamp() - $1::int * interval '1 millisecond'`,
      [KEYWORD_LOG_RETENTION_MS],
    )
  })
}

import type { Executor } from '../../sql/Executor.js'
import { KEYWORD_CHANGE_LOG } from './KEYWORD_CHANGE_LOG.js'

/**
 * Installs (idempotently) the keyword change log on an embedded database and empties it: a
 * freshly opened index loads every namespace from the table itself, so older entries are moot.
 */
export async function installKeywordChangeLog(executor: Executor): Promise<void> {
  await executor.transaction(async (sql) => {
    for (const statement of KEYWORD_CHANGE_LOG) await sql.query(statement)
    await sql.query('DELETE FROM agent_memory_keyword_changes')
  })
}

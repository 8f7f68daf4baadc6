import type { Executor } from '../../sql/Executor.js'

/**
 * Turns off the triggers of the PostgreSQL keyword change log (migration 0011) on an embedded
 * database and empties the log (once: an open that finds them off changes nothing). There one
 * process owns the database and follows its own log (`KEYWORD_CHANGE_LOG`); nothing would read
 * or trim this one, and every write would pay for it.
 */
export async function disableKeywordChangeLog(executor: Executor): Promise<void> {
  await executor.transaction(async (sql) => {
    const enabled = await sql.query<{ name: string }>(
      `SELECT tgname AS name FROM pg_trigger
         WHERE tgrelid = 'memories'::regclass AND tgname LIKE 'memories\\_keyword\\_log\\_%' AND tgenabled <> 'D'`,
    )
    if (enabled.rows.length === 0) return
    for (const { name } of enabled.rows) await sql.query(`ALTER TABLE memories DISABLE TRIGGER "${name}"`)
    await sql.query('TRUNCATE agent_memory_keyword_log')
  })
}

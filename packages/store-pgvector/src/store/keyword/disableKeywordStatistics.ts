import type { Executor } from '../../sql/Executor.js'

/**
 * Turns off the keyword-statistics triggers of migration 0003 on an embedded database and empties
 * their tables (once: an open that finds them off changes nothing). The embedded store's keyword
 * leg ranks from its in-process index, or counts in SQL (`keywordStatistics` sees the triggers off),
 * so nothing there would read the statistics, and every write would pay for them. Turned back on,
 * they would start from the emptied tables: migration 0003's backfill must run again first.
 */
export async function disableKeywordStatistics(executor: Executor): Promise<void> {
  await executor.transaction(async (sql) => {
    const enabled = await sql.query<{ name: string }>(
      `SELECT tgname AS name FROM pg_trigger
         WHERE tgrelid = 'memories'::regclass AND tgname LIKE 'memories\\_keyword\\_stats\\_%' AND tgenabled <> 'D'`,
    )
    if (enabled.rows.length === 0) return
    for (const { name } of enabled.rows) await sql.query(`ALTER TABLE memories DISABLE TRIGGER "${name}"`)
    await sql.query('TRUNCATE agent_memory_keyword_lexemes, agent_memory_keyword_corpus')
  })
}

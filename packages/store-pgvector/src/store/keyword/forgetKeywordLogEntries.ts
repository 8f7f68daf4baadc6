import type { SqlRunner } from '../../sql/SqlRunner.js'

/**
 * After rows were removed for good (an expiry sweep), in the same transaction: the PostgreSQL
 * keyword change log (migration 0011) keeps no entry naming them, and gets instead a mark that
 * names no namespace, which makes every process drop the keyword indexes it holds and load them
 * again (`SharedKeywordIndex`): the removal is learnt without a trace of what was removed. Nothing
 * on a database without the log.
 */
export async function forgetKeywordLogEntries(
  sql: SqlRunner,
  ns: string,
  ids: readonly string[],
): Promise<void> {
  const present = await sql.query<{ present: boolean }>(
    "SELECT to_regclass('agent_memory_keyword_log') IS NOT NULL AS present",
  )
  if (present.rows[0]?.present !== true) return
  await sql.query(
    `WITH gone AS (DELETE FROM agent_memory_keyword_log WHERE namespace = $1 AND id = ANY($2::text[]))
     INSERT INTO agent_memory_keyword_log (namespace, id) VALUES ('', '')`,
    [ns, ids],
  )
}

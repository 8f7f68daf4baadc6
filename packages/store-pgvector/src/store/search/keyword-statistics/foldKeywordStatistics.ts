import type { StoreContext } from '../../context/StoreContext.js'

/** Advisory lock class of a namespace's fold (the second key is a hash of the namespace). */
const FOLD_LOCK = 1_634_625_903

/**
 * Folds a namespace's keyword statistics (migration 0003) into one row per lexeme and one for
 * the corpus: the sums readers take stay the same, over fewer rows. One transaction; writers
 * meanwhile only append rows this statement does not see, which stay as they are. Two folds of
 * one namespace would delete the same rows in different orders, so the second one to come
 * skips (a transaction-scoped advisory lock) and returns false.
 */
export async function foldKeywordStatistics(context: StoreContext, ns: string): Promise<boolean> {
  return context.executor.transaction(async (sql) => {
    const locked = await sql.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_xact_lock($1::int, hashtext($2)) AS locked',
      [FOLD_LOCK, ns],
    )
    if (locked.rows[0]?.locked !== true) return false
    // Lexemes with one row are already folded: leave them (and their pages) alone.
    await sql.query(
      `WITH split AS (
         SELECT lexeme FROM agent_memory_keyword_lexemes WHERE namespace = $1 GROUP BY lexeme HAVING count(*) > 1),
       gone AS (
         DELETE FROM agent_memory_keyword_lexemes l USING split s WHERE l.namespace = $1 AND l.lexeme = s.lexeme
         RETURNING l.lexeme, l.documents)
       INSERT INTO agent_memory_keyword_lexemes (namespace, lexeme, documents)
         SELECT $1, lexeme, sum(documents) FROM gone GROUP BY lexeme HAVING sum(documents) <> 0`,
      [ns],
    )
    await sql.query(
      `WITH gone AS (DELETE FROM agent_memory_keyword_corpus WHERE namespace = $1 RETURNING documents, lexemes)
       INSERT INTO agent_memory_keyword_corpus (namespace, documents, lexemes)
         SELECT $1, sum(documents), sum(lexemes) FROM gone HAVING sum(documents) <> 0 OR sum(lexemes) <> 0`,
      [ns],
    )
    return true
  })
}

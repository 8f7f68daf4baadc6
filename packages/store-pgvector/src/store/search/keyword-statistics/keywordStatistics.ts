import type { SqlRunner } from '../../../sql/SqlRunner.js'
import type { StoreContext } from '../../context/StoreContext.js'
import { searchVectorSql } from '../../searchText.js'
import { documentFrequencies } from './documentFrequencies.js'
import { keywordCorpus } from './keywordCorpus.js'
import { scheduleKeywordFold } from './scheduleKeywordFold.js'

/** A read that sums more delta rows than this for the corpus or one lexeme queues a fold. */
const FOLD_AFTER_ROWS = 64

/** The BM25 statistics a keyword search ranks with. */
export interface KeywordStatistics {
  /** The query's lexemes held by at least one document, with how many hold each. */
  terms: Array<{ lexeme: string; df: number }>
  /** Documents in the namespace (at least the largest document frequency). */
  rows: number
  /** Mean distinct-lexeme count of a document, at least 1. */
  avgLength: number
}

interface StatisticsRow {
  lexeme: string
  df: number
  df_rows: number
  maintained: boolean
  documents: number
  total_length: number
  corpus_rows: number
}

async function withCountedCorpus(
  context: StoreContext,
  sql: SqlRunner,
  ns: string,
  terms: KeywordStatistics['terms'],
): Promise<KeywordStatistics> {
  if (terms.length === 0) return { terms, rows: 0, avgLength: 1 }
  const corpus = await keywordCorpus(context, sql, ns, Math.max(...terms.map((term) => term.df)))
  return { terms, rows: corpus.rows, avgLength: corpus.avgLength }
}

/**
 * The query's document frequencies and the namespace's corpus statistics, in one statement: read
 * from the tables the `memories` triggers maintain (migration 0003; an index look-up per query
 * lexeme and one per namespace, each a sum of delta rows) rather than counted.
 *
 * Two cases still count, exactly as before: a lexeme that `plainto_tsquery('simple', …)` would not
 * match by itself alone (a compound such as `e-mail` also needs `e` and `mail`; the leg matches
 * documents by that query, so its document frequency is the count of those), and a database whose
 * statistics triggers are off (`openEmbeddedStore` turns them off) — then the corpus comes from
 * `keywordCorpus`, cached; so does a database not yet migrated to 0003 (no tables to read).
 * `counted: true` always counts (the reference the tests compare with).
 * A read that summed many delta rows queues a fold of the namespace (`scheduleKeywordFold`).
 */
export async function keywordStatistics(
  context: StoreContext,
  sql: SqlRunner,
  ns: string,
  analysis: string,
  { counted = false }: { counted?: boolean } = {},
): Promise<KeywordStatistics> {
  context.keywordStatisticsTables ??= await sql
    .query<{ present: boolean }>("SELECT to_regclass('agent_memory_keyword_corpus') IS NOT NULL AS present")
    .then((result) => result.rows[0]?.present === true)
  if (counted || !context.keywordStatisticsTables) {
    const terms = (await documentFrequencies(sql, ns, analysis)).filter((term) => term.df > 0)
    return withCountedCorpus(context, sql, ns, terms)
  }
  const result = await sql.query<StatisticsRow>(
    `WITH q AS (
       SELECT lexeme, plainto_tsquery('simple', lexeme) AS query,
         tsvector_to_array(to_tsvector('simple', lexeme)) = ARRAY[lexeme] AS alone
       FROM unnest(tsvector_to_array(${searchVectorSql('$2::text')})) AS lexeme OFFSET 0),
     m AS (
       SELECT count(*) = 4 AS maintained FROM pg_trigger
       WHERE tgrelid = 'memories'::regclass AND tgenabled <> 'D' AND tgname = ANY(ARRAY[
         'memories_keyword_stats_insert', 'memories_keyword_stats_delete',
         'memories_keyword_stats_update', 'memories_keyword_stats_truncate']))
     SELECT q.lexeme, m.maintained,
         CASE WHEN q.alone AND m.maintained THEN coalesce(k.df, 0)
           ELSE (SELECT count(*)::int FROM memories d WHERE d.namespace = $1 AND d.search @@ q.query) END AS df,
         coalesce(k.df_rows, 0) AS df_rows, c.documents, c.total_length, c.corpus_rows
       FROM q CROSS JOIN m
       LEFT JOIN LATERAL (
         SELECT sum(s.documents)::int AS df, count(*)::int AS df_rows FROM agent_memory_keyword_lexemes s
         WHERE s.namespace = $1 AND s.lexeme = q.lexeme) k ON q.alone AND m.maintained
       CROSS JOIN (
         SELECT coalesce(sum(documents), 0)::float8 AS documents, coalesce(sum(lexemes), 0)::float8 AS total_length,
           count(*)::int AS corpus_rows
         FROM agent_memory_keyword_corpus WHERE namespace = $1) c`,
    [ns, analysis],
  )
  const terms = result.rows
    .map((row) => ({ lexeme: row.lexeme, df: Number(row.df) }))
    .filter((term) => term.df > 0)
  const first = result.rows[0]
  if (first === undefined || terms.length === 0) return { terms: [], rows: 0, avgLength: 1 }
  // Triggers off: every df above was counted; the corpus is counted too.
  if (!first.maintained) return withCountedCorpus(context, sql, ns, terms)
  const fragmented = Math.max(Number(first.corpus_rows), ...result.rows.map((row) => Number(row.df_rows)))
  if (fragmented > FOLD_AFTER_ROWS) scheduleKeywordFold(context, ns)
  const documents = Number(first.documents)
  return {
    terms,
    rows: Math.max(documents, ...terms.map((term) => term.df)),
    avgLength: documents > 0 ? Math.max(1, Number(first.total_length) / documents) : 1,
  }
}

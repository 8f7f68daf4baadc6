import type { ScoredMemory, SearchOptions } from '@agent-memory/core'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { MEMORY_COLUMNS } from '../memoryColumns.js'
import { rowToMemory } from '../rowToMemory.js'
import { BM25_B, BM25_K1, queryText } from '../searchText.js'
import { bm25Idf } from './bm25Idf.js'
import { documentFrequencies } from './documentFrequencies.js'
import { keywordCorpus } from './keywordCorpus.js'
import { searchScope } from './searchScope.js'

/**
 * `Store.searchText`, the keyword leg: Okapi BM25 over the namespace — idf from each query
 * lexeme's document frequency, length normalized by the namespace's mean distinct-lexeme count.
 * Hostile text never errors: a query without words, or whose words no document holds, finds nothing.
 */
export async function searchKeyword(
  context: StoreContext,
  namespace: string,
  query: string,
  options: SearchOptions,
): Promise<ScoredMemory[]> {
  const { ns, limit, params, conditions } = searchScope(context, namespace, options)
  const analysis = queryText(query)
  if (analysis === null) return []
  return routed(context, 'read', ns).transaction(async (sql) => {
    const matched = (await documentFrequencies(sql, ns, analysis)).filter((term) => term.df > 0)
    if (matched.length === 0) return []
    const corpus = await keywordCorpus(context, sql, ns, Math.max(...matched.map((term) => term.df)))
    const lexemes = matched.map((term) => term.lexeme)
    const idfs = matched.map((term) => bm25Idf(corpus.rows, term.df))
    const lexemesParam = params.add(lexemes, 'text[]')
    const idfsParam = params.add(idfs, 'float8[]')
    const avgParam = params.add(corpus.avgLength, 'float8')
    const limitParam = params.add(limit, 'int')
    const orQuery = lexemes
      .map((_, i) => `plainto_tsquery('simple', (${lexemesParam})[${i + 1}])`)
      .join(' || ')
    const scored = await sql.query<Record<string, unknown>>(
      `SELECT ${MEMORY_COLUMNS}, s.score FROM memories m
         CROSS JOIN LATERAL (
           SELECT sum(w.idf * x.tf * ${BM25_K1 + 1}
             / (x.tf + ${BM25_K1} * (1 - ${BM25_B} + ${BM25_B} * length(m.search) / ${avgParam}))) AS score
           FROM unnest(ts_filter(setweight(m.search, 'A', ${lexemesParam}), '{a}')) AS u
           CROSS JOIN LATERAL (SELECT u.lexeme, coalesce(array_length(u.positions, 1), 1) AS tf) x
           JOIN unnest(${lexemesParam}, ${idfsParam}) AS w(lexeme, idf) ON w.lexeme = x.lexeme
         ) s
         WHERE m.search @@ (SELECT ${orQuery}) AND ${conditions.join(' AND ')}
         ORDER BY s.score DESC, m.id LIMIT ${limitParam}`,
      params.values,
    )
    return scored.rows.map((row) => ({ memory: rowToMemory(row), score: Number(row.score) }))
  })
}

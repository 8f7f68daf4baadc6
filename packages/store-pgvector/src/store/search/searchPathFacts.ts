import type { SqlRunner } from '../../sql/SqlRunner.js'
import type { SearchPathFacts } from '../context/SearchPathFacts.js'
import type { StoreContext } from '../context/StoreContext.js'
import { ANN_MIN_NAMESPACE_SHARE } from './ANN_MIN_NAMESPACE_SHARE.js'
import { freshSearchFacts } from './freshSearchFacts.js'

const INDEX_OF = {
  memories: 'memories_embedding_hnsw',
  memory_chunks: 'memory_chunks_embedding_hnsw',
} as const

/**
 * The facts `prefersAnn` decides on, from one query (a count on the namespace index, bounded by
 * what the decision needs; the table size from planner statistics; whether the global HNSW
 * index exists and whether the namespace's own registered one is valid), cached per `table:namespace` for `countTtlMs`.
 */
export async function searchPathFacts(
  context: StoreContext,
  sql: SqlRunner,
  table: 'memories' | 'memory_chunks',
  ns: string,
): Promise<SearchPathFacts> {
  const cached = freshSearchFacts(context, table, ns)
  if (cached !== undefined) return cached
  const now = Date.now()
  const counted = await sql.query<{
    rows: number
    table_rows: number | null
    ann: boolean
    namespace_index: boolean
    ef_search: number | null
  }>(
    `WITH t AS (SELECT greatest(reltuples, 0)::float8 AS table_rows FROM pg_class WHERE oid = to_regclass($4)),
       -- The namespace's own valid index on halfvecKey (one on the vector column itself, built before,
       -- serves no search: maintenance builds it again); to_jsonb: a registry not yet migrated to
       -- 0004 has no ef_search column to name.
       v AS (SELECT (to_jsonb(r) ->> 'ef_search')::int AS ef_search
               FROM agent_memory_vector_indexes r JOIN pg_index i ON i.indexrelid = to_regclass(r.index_name)
               WHERE r.table_name = $4 AND r.namespace = $1 AND i.indisvalid AND i.indexprs IS NOT NULL)
         SELECT (SELECT count(*)::int FROM (SELECT 1 FROM ${table} WHERE namespace = $1
             LIMIT greatest($2::int, (SELECT ceil(table_rows * $5::float8)::int + 1 FROM t))) s) AS rows,
           (SELECT table_rows FROM t) AS table_rows,
           EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = $3 AND tablename = $4) AS ann,
           EXISTS (SELECT 1 FROM v) AS namespace_index,
           (SELECT ef_search FROM v) AS ef_search`,
    [ns, context.exactSearchMaxRows + 1, INDEX_OF[table], table, ANN_MIN_NAMESPACE_SHARE],
  )
  const found = counted.rows[0]
  const facts = {
    rows: Number(found?.rows ?? 0),
    tableRows: Number(found?.table_rows ?? 0),
    ann: found?.ann === true,
    namespaceIndex: found?.namespace_index === true,
    efSearch: found?.ef_search == null ? null : Number(found.ef_search),
    at: now,
  }
  context.searchFacts.set(`${table}:${ns}`, facts)
  return facts
}

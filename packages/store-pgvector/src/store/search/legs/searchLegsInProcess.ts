import type { LegSearchRequest, Memory, ScoredMemory } from '@agent-memory/core'
import { ACCESS_ROW } from '../../ACCESS_ROW.js'
import { checkIdfExponent } from '../../context/checkIdfExponent.js'
import { clampLimit } from '../../context/clampLimit.js'
import { MAX_LIMIT } from '../../context/MAX_LIMIT.js'
import { readRunner } from '../../context/readRunner.js'
import type { StoreContext } from '../../context/StoreContext.js'
import { joinAccessRow } from '../../joinAccessRow.js'
import { fetchRanked } from '../../keyword/fetchRanked.js'
import { firstReadDepth } from '../../keyword/firstReadDepth.js'
import type { KeywordTerm } from '../../keyword/KeywordTerm.js'
import type { NamespaceKeywordIndex } from '../../keyword/NamespaceKeywordIndex.js'
import type { RankedDocuments } from '../../keyword/RankedDocuments.js'
import { MEMORY_COLUMN_NAMES } from '../../MEMORY_COLUMN_NAMES.js'
import { memoryColumnsOf } from '../../memoryColumnsOf.js'
import { rowToMemory } from '../../rowToMemory.js'
import { queryText } from '../../searchText.js'
import { checkVector } from '../../validateWrites.js'
import { planAnn } from '../ann-planning/planAnn.js'
import { searchPathFacts } from '../ann-planning/searchPathFacts.js'
import { type SearchScope, searchScope } from '../scope/searchScope.js'
import { CHUNK_VECTOR_SEARCH } from './CHUNK_VECTOR_SEARCH.js'
import { firstReadCount } from './firstReadCount.js'
import { rememberHeadsThinned } from './rememberHeadsThinned.js'
import { runVectorSearch } from './runVectorSearch.js'

/** What `LegSearchStore.searchLegs` answers. */
export interface LegResults {
  vector: ScoredMemory[]
  chunk: ScoredMemory[]
  keyword: ScoredMemory[]
}

/**
 * A row as a JSON array: the memory columns in `MEMORY_COLUMN_NAMES`' order, after `lead` leading
 * values; from a `memories` row joined with its access row as `ACCESS_ROW` (`HEAD_FROM`), or from a
 * statement that already selected them under their names.
 */
const rowArray = (alias: string, lead: string[], from: 'joined' | 'selected') =>
  `json_build_array(${[
    ...lead,
    ...(from === 'joined'
      ? memoryColumnsOf(alias, { joinedAs: ACCESS_ROW })
      : MEMORY_COLUMN_NAMES.map((column) => `${alias}.${column}`)),
  ].join(', ')})`

/** The heads' rows (`memories m`) with their access rows. */
const HEAD_FROM = (namespace: string) => `memories m ${joinAccessRow(namespace)}`

/** A JSON row of `rowArray` as a memory (timestamps come as milliseconds or ISO strings, which `rowToMemory` reads). */
function toMemory(values: unknown[], lead: number): Memory {
  const row: Record<string, unknown> = {}
  for (let i = 0; i < MEMORY_COLUMN_NAMES.length; i++) row[MEMORY_COLUMN_NAMES[i]!] = values[lead + i]
  return rowToMemory(row)
}

/**
 * `LegSearchStore.searchLegs` on the embedded store's in-process indexes, in one session: the
 * query's analysis and the row change log's head in one statement (as the keyword leg alone reads
 * them), both in-process rankings, then ONE statement reading the heads of both rankings (each
 * winner once) and, when the chunk leg is an exact scan (no HNSW walk, no knobs), the chunk leg's
 * answer beside them. Rows come back as one JSON text per part, parsed natively: PGlite's row
 * decoding in JS costs more per column than the statement itself. Each list is exactly what
 * `searchVector`, `searchChunks` and `searchText` return (the same rankings, the same filter SQL,
 * the same rule for reading past a head that the filter thinned). `undefined` where this process
 * holds no in-process indexes, or the namespace is too large for the vector index: the caller runs
 * the legs one by one.
 */
export async function searchLegsInProcess(
  context: StoreContext,
  namespace: string,
  request: LegSearchRequest,
): Promise<LegResults | undefined> {
  const { keywordIndex, vectorIndex } = context
  if (keywordIndex === undefined || vectorIndex === undefined) return undefined
  const { vector, query } = request
  const filter = request.filter === undefined ? {} : { filter: request.filter }
  const chunkLimit =
    vector === null || request.chunkLimit <= 0 ? 0 : clampLimit(request.chunkLimit, MAX_LIMIT)
  if (vector !== null) checkVector(vector, context.dimensions, 'vector')
  // The legs' own reads bind the namespace and the filter's values; the one statement that reads
  // the chunk leg beside them also binds the query vector (a statement binds only what it uses).
  const base = searchScope(context, namespace, { limit: 1, ...filter })
  const legScope = (limit: number, also: string[] = []): SearchScope => ({
    ...base,
    limit: clampLimit(limit, MAX_LIMIT),
    conditions: [...base.conditions, ...also],
  })
  const vectorScope = legScope(request.vectorLimit, ['m.embedding IS NOT NULL'])
  const keywordScope = legScope(request.keywordLimit)
  const idfExponent = checkIdfExponent(request.keywordIdfExponent)
  const analysis = query === null ? null : queryText(query)
  // The chunk leg's plan first, as `searchChunks` decides it (its facts are cached; a read of their
  // own otherwise, which must not wait inside the session below).
  let exactChunks = false
  if (chunkLimit > 0) {
    const facts = await searchPathFacts(context, readRunner(context, base.ns), 'memory_chunks', base.ns)
    exactChunks = planAnn(context, facts, base.ns, CHUNK_VECTOR_SEARCH.annLimit(chunkLimit)) === null
  }
  const together = await context.executor.session(async (sql) => {
    let terms: KeywordTerm[] = []
    let keywordRanking: NamespaceKeywordIndex | undefined
    if (analysis !== null) {
      // Reads the log's head with the analysis and applies the log for both indexes.
      const prepared = await keywordIndex.prepare(sql, base.ns, analysis)
      terms = prepared.terms
      keywordRanking = prepared.index
    }
    const vectorRanking =
      vector === null ? undefined : await vectorIndex.prepare(sql, base.ns, analysis !== null)
    if (vector !== null && vectorRanking === undefined) return undefined
    const vectorRanked: RankedDocuments | undefined =
      vector === null ? undefined : vectorRanking!.rank(vector, firstReadDepth(vectorScope.limit))
    const keywordRanked: RankedDocuments | undefined =
      keywordRanking === undefined || terms.length === 0
        ? undefined
        : keywordRanking.rank(terms, firstReadDepth(keywordScope.limit), idfExponent)
    // Each leg's first read (`firstReadCount`): its limit, unless a filter may thin its head.
    const filtered = request.filter !== undefined
    const vectorRead =
      vectorRanked === undefined
        ? 0
        : firstReadCount(context, base.ns, filtered, vectorScope.limit, vectorRanked)
    const keywordRead =
      keywordRanked === undefined
        ? 0
        : firstReadCount(context, base.ns, filtered, keywordScope.limit, keywordRanked)
    const ids = [
      ...new Set(
        [
          ...(vectorRanked?.head.slice(0, vectorRead) ?? []),
          ...(keywordRanked?.head.slice(0, keywordRead) ?? []),
        ].map((d) => d.id),
      ),
    ]
    // With the chunk statement the chunk path's scope binds everything (namespace, vector, filter);
    // the memory conditions are its own, over `m`.
    const scope =
      exactChunks && vector !== null
        ? searchScope(context, namespace, { limit: chunkLimit, ...filter }, { vector, alias: 'c' })
        : base
    const memoryConditions = [`m.namespace = ${scope.namespaceParam}`, ...scope.conditions.slice(1)]
    const values = [...scope.params.values]
    const parts: string[] = []
    if (ids.length > 0) {
      values.push(ids)
      parts.push(`(SELECT json_agg(${rowArray('m', ['m.embedding IS NOT NULL'], 'joined')})::text FROM ${HEAD_FROM(scope.namespaceParam)}
          WHERE m.id = ANY($${values.length}::text[]) AND ${memoryConditions.join(' AND ')}) AS rows`)
    }
    if (exactChunks) {
      values.push(chunkLimit)
      const statement = CHUNK_VECTOR_SEARCH.statement(scope, `$${values.length}::int`, null)
      parts.push(`(SELECT json_agg(${rowArray('q', ['q.chunk_idx', 'q.chunk_text', 'q.distance'], 'selected')} ORDER BY q.distance, q.id)::text
          FROM (${statement}) q) AS chunks`)
    }
    const read =
      parts.length === 0
        ? undefined
        : (
            await sql.query<{ rows?: string | null; chunks?: string | null }>(
              `SELECT ${parts.join(', ')}`,
              values,
            )
          ).rows[0]
    const withVector = new Map<string, Memory>()
    const all = new Map<string, Memory>()
    for (const values of JSON.parse(read?.rows ?? '[]') as unknown[][]) {
      const memory = toMemory(values, 1)
      all.set(memory.id, memory)
      if (values[0] === true) withVector.set(memory.id, memory)
    }
    const chunk: ScoredMemory[] = []
    for (const values of JSON.parse(read?.chunks ?? '[]') as unknown[][]) {
      chunk.push({
        memory: toMemory(values, 3),
        score: 1 - Number(values[2]),
        matchedChunk: { idx: Number(values[0]), text: String(values[1]) },
      })
    }
    const vectorHits =
      vectorRanked === undefined
        ? []
        : await fetchRanked(sql, vectorScope, vectorRanked, { read: vectorRead, rows: withVector })
    const keywordHits =
      keywordRanked === undefined
        ? []
        : await fetchRanked(sql, keywordScope, keywordRanked, { read: keywordRead, rows: all })
    if (!filtered)
      rememberHeadsThinned(context, base.ns, [
        { ranked: vectorRanked, hits: vectorHits, limit: vectorScope.limit },
        { ranked: keywordRanked, hits: keywordHits, limit: keywordScope.limit },
      ])
    return { vector: vectorHits, keyword: keywordHits, chunk }
  })
  if (together === undefined) return undefined
  const legs = together
  if (chunkLimit === 0 || exactChunks) return legs
  // An HNSW walk sets its knobs in a transaction of its own: after the session, as `searchChunks`.
  return {
    ...legs,
    chunk: await runVectorSearch(
      context,
      namespace,
      vector!,
      { limit: chunkLimit, ...filter },
      CHUNK_VECTOR_SEARCH,
    ),
  }
}

import type { LegSearchRequest, Memory, ScoredMemory } from '@agent-memory/core'
import type { PipelinedRunner } from '../../../sql/PipelinedRunner.js'
import type { SqlRunner } from '../../../sql/SqlRunner.js'
import { settingsStatement } from '../../../sql/settingsStatement.js'
import { checkIdfExponent } from '../../context/checkIdfExponent.js'
import { checkNamespace } from '../../context/checkNamespace.js'
import { routed } from '../../context/routed.js'
import type { StoreContext } from '../../context/StoreContext.js'
import { searchKeywordShared } from '../../keyword/searchKeywordShared.js'
import { queryText } from '../../searchText.js'
import { searchScope } from '../scope/searchScope.js'
import { CHUNK_VECTOR_SEARCH } from './CHUNK_VECTOR_SEARCH.js'
import { MEMORY_VECTOR_SEARCH } from './MEMORY_VECTOR_SEARCH.js'
import { planVectorSearch } from './planVectorSearch.js'
import { preparable } from './preparable.js'
import { readEveryMatch } from './readEveryMatch.js'
import { runPlannedVectorSearch } from './runPlannedVectorSearch.js'
import { searchKeyword } from './searchKeyword.js'
import type { LegResults } from './searchLegsInProcess.js'

const MEMORY_TABLE = ['memories'] as const
const BOTH_TABLES = ['memories', 'memory_chunks'] as const
const none = async (): Promise<ScoredMemory[]> => []
const ignore = () => undefined

/**
 * `LegSearchStore.searchLegs` on PostgreSQL: the three legs side by side in ONE pipelined read-only
 * transaction on one connection (`Executor.pipelinedRead`). The vector searches are planned in it:
 * their namespace facts are cached (the common case) and their statements, each behind its own HNSW
 * knobs, leave in the first round trip with the transaction's BEGIN, the keyword leg's statistics
 * read and, unless the namespace's last keyword search pruned, the read of every keyword match
 * (`readEveryMatch`) — or, where this process holds the namespace's keyword index
 * (`SharedKeywordIndex`), its catch-up from the change log with the query's analysis, one
 * statement. Facts not cached (a fresh store, a table's facts past `namespaceCountTtlMs`) are read
 * in that first round trip instead, and the vector statements follow in the second, beside the
 * keyword leg's later reads: a cold recall costs no round trip of its own for them. A namespace's
 * size counted for index upkeep rides the transaction too. The COMMIT leaves with the keyword
 * winners' read. Each list is exactly what `searchVector`, `searchChunks` and `searchText` return
 * (the same statements); a failure of any leg fails the whole, and the caller runs the legs one by
 * one, each with its own failure rule. In a namespace small enough to be scanned exactly
 * (`preparable`), the statements run prepared: parsed, and mostly planned, once per connection.
 */
export async function searchLegsPipelined(
  context: StoreContext,
  namespace: string,
  request: LegSearchRequest,
): Promise<LegResults> {
  const ns = checkNamespace(namespace)
  const filter = request.filter === undefined ? {} : { filter: request.filter }
  const { vector, query } = request
  const scanned = vector !== null && request.chunkLimit > 0 ? BOTH_TABLES : MEMORY_TABLE
  const prepared = preparable(context, ns, scanned)
  return routed(context, 'read', ns).pipelinedRead(
    async (sql) => {
      // The keyword leg's last read asks for the COMMIT to leave with it; with facts being read, the
      // vector statements may not have left yet, so the COMMIT waits for them (else they would begin a
      // transaction, and a round trip, of their own).
      let vectorsSent = false
      let commitAsked = false
      const keywordSql: PipelinedRunner = {
        query: <Row>(text: string, params?: unknown[]) => sql.query<Row>(text, params),
        commit: () => {
          if (vectorsSent) sql.commit()
          else commitAsked = true
        },
      }
      // The rows of the exact memory-vector statement when it left before the keyword leg started
      // (facts cached): its answer comes in before the catch-up's or the SQL leg's reads, so the
      // keyword winners among them (most of them, where both legs agree; all of them in a namespace
      // smaller than the vector leg's depth) are not read again.
      let vectorRows: Promise<ReadonlyMap<string, Memory>> | undefined
      const knownRows = () => (vectorRows === undefined ? {} : { known: vectorRows })
      // Unless the namespace's last keyword search pruned, every match is read beside the statistics
      // (one round trip fewer; the same answer); failing, it fails the keyword leg, as its passes would.
      const keywordOn = (text: string) => {
        const analysis = queryText(text)
        const known = knownRows()
        if (analysis === null || context.keywordReadsEveryMatch.get(ns) === false) {
          return { sql: keywordSql, ...known }
        }
        const everyMatch = readEveryMatch(
          keywordSql,
          searchScope(context, ns, { limit: request.keywordLimit, ...filter }),
          analysis,
        )
        everyMatch.catch(ignore)
        return { sql: keywordSql, everyMatch, ...known }
      }
      const reads = async (text: string, params: unknown[], settings?: Readonly<Record<string, string>>) => {
        // Sent now, before the statement: in the pipeline the knobs hold for it (and for the
        // statements after it, which either set their own or are not HNSW walks).
        const set = settingsStatement(settings)
        if (set !== undefined) sql.query(set).catch(ignore)
        return (await sql.query<Record<string, unknown>>(text, params)).rows
      }
      const keywordOptions = {
        limit: request.keywordLimit,
        ...filter,
        ...(request.keywordIdfExponent === undefined ? {} : { idfExponent: request.keywordIdfExponent }),
      }
      // This process's shared index when it holds the namespace (its catch-up leaves in the first
      // round trip too); the SQL leg when it does not, or no longer does by the time it answers.
      const keywordLeg = async (text: string) => {
        const shared = context.sharedKeywordIndex
        const analysis = queryText(text)
        if (shared !== undefined && analysis !== null && shared.held(ns)) {
          const scope = searchScope(context, ns, keywordOptions)
          const idfExponent = checkIdfExponent(keywordOptions.idfExponent)
          const hits = await searchKeywordShared(shared, keywordSql, scope, analysis, idfExponent, vectorRows)
          if (hits !== undefined) return hits
          return searchKeyword(context, ns, text, keywordOptions, {}, { sql: keywordSql, ...knownRows() })
        }
        return searchKeyword(context, ns, text, keywordOptions, {}, keywordOn(text))
      }
      // The keyword leg starts with the first statement planning sends (facts not cached: they share
      // the first round trip), else right after the vector statements, which then lead the pipeline.
      let keywordSearch: Promise<ScoredMemory[]> | undefined
      const startKeyword = () => {
        if (keywordSearch === undefined) {
          keywordSearch = query === null ? none() : keywordLeg(query)
          // If planning fails, the keyword leg's answer is not waited for (the transaction is given up).
          keywordSearch.catch(ignore)
        }
        return keywordSearch
      }
      const factsSql: SqlRunner = {
        query: <Row>(text: string, params?: unknown[]) => {
          const answer = sql.query<Row>(text, params)
          startKeyword()
          return answer
        },
      }
      // Planned in the transaction: facts not cached (a cold namespace, a fresh store) are read in its
      // first round trip, and a namespace's size counted for index upkeep rides it too.
      const planned = Promise.all([
        vector === null
          ? undefined
          : planVectorSearch(
              context,
              ns,
              vector,
              { limit: request.vectorLimit, ...filter },
              MEMORY_VECTOR_SEARCH,
              factsSql,
            ),
        vector === null || request.chunkLimit <= 0
          ? undefined
          : planVectorSearch(
              context,
              ns,
              vector,
              { limit: request.chunkLimit, ...filter },
              CHUNK_VECTOR_SEARCH,
              factsSql,
            ),
      ])
      const [vectorSearch, chunkSearch] = await planned
      const vectorLegs = [
        vectorSearch === undefined ? none() : runPlannedVectorSearch(context, vectorSearch, reads),
        chunkSearch === undefined ? none() : runPlannedVectorSearch(context, chunkSearch, reads),
      ] as const
      vectorsSent = true
      if (keywordSearch === undefined && vectorSearch !== undefined && vectorSearch.plan === null) {
        vectorRows = vectorLegs[0].then((hits) => new Map(hits.map((hit) => [hit.memory.id, hit.memory])))
        vectorRows.catch(ignore)
      }
      const keywordHitsSoon = startKeyword()
      // Without a keyword leg the vector statements are the transaction's last: its COMMIT leaves with
      // them; so it does when the keyword leg already sent its last read.
      if (query === null || commitAsked) sql.commit()
      const [vectorHits, chunkHits, keywordHits] = await Promise.all([...vectorLegs, keywordHitsSoon])
      return { vector: vectorHits, chunk: chunkHits, keyword: keywordHits }
    },
    { prepared },
  )
}

import type { SqlRunner } from '../../sql/SqlRunner.js'
import { searchVectorSql } from '../searchText.js'
import type { KeywordTerm } from './KeywordTerm.js'
import { NamespaceKeywordIndex } from './NamespaceKeywordIndex.js'
import { parseTsvector } from './parseTsvector.js'

/** Documents held before the least recently searched namespaces are dropped (reloaded on demand). */
const MAX_DOCUMENTS = 250_000

/**
 * The embedded store's in-process BM25 index: namespaces are loaded from the table on their first
 * search and kept in step with it through the keyword change log (`KEYWORD_CHANGE_LOG`). Every
 * search reads the log's head in the same statement that analyses the query, and before ranking
 * re-reads the rows logged since it last looked — writes by this process, by clients of the store
 * socket, by anyone — so it never ranks on a stale corpus. All of it runs inside the caller's
 * transaction, which on PGlite has the database to itself.
 */
export class KeywordIndex {
  readonly #namespaces = new Map<string, NamespaceKeywordIndex>()
  /** The last log entry applied. */
  #seen = 0
  /** Whether applied entries may be deleted (a read-only snapshot never writes; nothing is logged there). */
  readonly #trims: boolean

  constructor(options: { trimLog: boolean }) {
    this.#trims = options.trimLog
  }

  /**
   * The query's terms (its lexemes, as the documents' vectors hold them, each with the parts
   * `plainto_tsquery('simple', …)` would require) and the namespace's index, brought up to date.
   */
  async prepare(
    sql: SqlRunner,
    namespace: string,
    analysis: string,
  ): Promise<{ terms: KeywordTerm[]; index: NamespaceKeywordIndex }> {
    const result = await sql.query<{ head: string; lexeme: string | null; parts: string[] | null }>(
      `SELECT h.head, t.lexeme, t.parts
         FROM (SELECT coalesce(max(seq), 0)::text AS head FROM agent_memory_keyword_changes) h
         LEFT JOIN LATERAL (
           SELECT l AS lexeme, tsvector_to_array(to_tsvector('simple', l)) AS parts
           FROM unnest(tsvector_to_array(${searchVectorSql('$1::text')})) AS l
         ) t ON true`,
      [analysis],
    )
    const terms = result.rows
      .filter((row) => row.lexeme !== null)
      .map((row) => ({ lexeme: row.lexeme!, parts: row.parts ?? [] }))
    const head = Number(result.rows[0]?.head ?? 0)
    if (head > this.#seen) await this.#catchUp(sql, head)
    return { terms, index: await this.#namespace(sql, namespace) }
  }

  async #catchUp(sql: SqlRunner, head: number): Promise<void> {
    const changes = await sql.query<{ namespace: string; ids: string[] }>(
      `SELECT namespace, array_agg(DISTINCT id) AS ids FROM agent_memory_keyword_changes
         WHERE seq > $1 AND seq <= $2 GROUP BY namespace`,
      [this.#seen, head],
    )
    for (const { namespace, ids } of changes.rows) {
      // A truncated table: nothing loaded is right any more.
      if (namespace === '' && ids.includes('')) this.#namespaces.clear()
      const index = this.#namespaces.get(namespace)
      if (index === undefined) continue
      const rows = await sql.query<{ id: string; search: string }>(
        'SELECT id, search::text AS search FROM memories WHERE namespace = $1 AND id = ANY($2::text[])',
        [namespace, ids],
      )
      const present = new Set<string>()
      for (const row of rows.rows) {
        index.put(row.id, parseTsvector(row.search))
        present.add(row.id)
      }
      for (const id of ids) if (!present.has(id)) index.remove(id)
    }
    if (this.#trims) await sql.query('DELETE FROM agent_memory_keyword_changes WHERE seq <= $1', [head])
    this.#seen = head
  }

  async #namespace(sql: SqlRunner, namespace: string): Promise<NamespaceKeywordIndex> {
    const loaded = this.#namespaces.get(namespace)
    if (loaded !== undefined) {
      // Most recently used last: eviction drops from the front.
      this.#namespaces.delete(namespace)
      this.#namespaces.set(namespace, loaded)
      return loaded
    }
    const index = new NamespaceKeywordIndex()
    const rows = await sql.query<{ id: string; search: string }>(
      'SELECT id, search::text AS search FROM memories WHERE namespace = $1',
      [namespace],
    )
    for (const row of rows.rows) index.put(row.id, parseTsvector(row.search))
    this.#namespaces.set(namespace, index)
    let held = 0
    for (const each of this.#namespaces.values()) held += each.size
    for (const [name, each] of this.#namespaces) {
      if (held <= MAX_DOCUMENTS || name === namespace) break
      this.#namespaces.delete(name)
      held -= each.size
    }
    return index
  }
}

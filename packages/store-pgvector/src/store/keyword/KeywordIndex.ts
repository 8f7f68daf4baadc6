import type { SqlRunner } from '../../sql/SqlRunner.js'
import type { RowChangeFollower } from '../changes/RowChangeFollower.js'
import type { RowIndex } from '../changes/RowIndex.js'
import { replaceRows } from '../changes/replaceRows.js'
import type { KeywordTerm } from './KeywordTerm.js'
import { MAX_KEYWORD_DOCUMENTS } from './MAX_KEYWORD_DOCUMENTS.js'
import { NamespaceKeywordIndex } from './NamespaceKeywordIndex.js'
import { parseTsvector } from './parseTsvector.js'
import { queryTermsSql } from './queryTermsSql.js'

/**
 * The embedded store's in-process BM25 index: namespaces are loaded from the table on their first
 * search and kept in step with it through the keyword change log (`KEYWORD_CHANGE_LOG`). Every
 * search reads the log's head in the same statement that analyses the query, and before ranking
 * re-reads the rows logged since it last looked (`RowChangeFollower`, shared with the vector
 * index) — writes by this process, by clients of the store socket, by anyone — so it never ranks
 * on a stale corpus. All of it runs inside the caller's session, which on PGlite has the database
 * to itself.
 */
export class KeywordIndex implements RowIndex {
  readonly #namespaces = new Map<string, NamespaceKeywordIndex>()
  readonly #changes: RowChangeFollower

  constructor(changes: RowChangeFollower) {
    this.#changes = changes
    changes.follow(this)
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
    // The log's head comes with the query's analysis: one statement, not two.
    const result = await sql.query<{ head: string; lexeme: string | null; parts: string[] | null }>(
      `SELECT h.head, t.lexeme, t.parts
         FROM (SELECT coalesce(max(seq), 0)::text AS head FROM agent_memory_keyword_changes) h
         LEFT JOIN LATERAL (${queryTermsSql('$1::text')}) t ON true`,
      [analysis],
    )
    const terms = result.rows
      .filter((row) => row.lexeme !== null)
      .map((row) => ({ lexeme: row.lexeme!, parts: row.parts ?? [] }))
    await this.#changes.catchUp(sql, Number(result.rows[0]?.head ?? 0))
    return { terms, index: await this.#namespace(sql, namespace) }
  }

  async refresh(sql: SqlRunner, namespace: string, ids: readonly string[]): Promise<void> {
    const index = this.#namespaces.get(namespace)
    if (index === undefined) return
    const rows = await sql.query<{ id: string; search: string }>(
      'SELECT id, search::text AS search FROM memories WHERE namespace = $1 AND id = ANY($2::text[])',
      [namespace, ids],
    )
    replaceRows(index, rows.rows, ids, (row) => parseTsvector(row.search))
  }

  clear(): void {
    this.#namespaces.clear()
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
      if (held <= MAX_KEYWORD_DOCUMENTS || name === namespace) break
      this.#namespaces.delete(name)
      held -= each.size
    }
    return index
  }
}

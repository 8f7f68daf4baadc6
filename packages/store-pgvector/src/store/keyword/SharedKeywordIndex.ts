import type { SqlRunner } from '../../sql/SqlRunner.js'
import { replaceRows } from '../changes/replaceRows.js'
import { KEYWORD_LOG_RETENTION_MS } from './KEYWORD_LOG_RETENTION_MS.js'
import type { KeywordTerm } from './KeywordTerm.js'
import { MAX_KEYWORD_DOCUMENTS } from './MAX_KEYWORD_DOCUMENTS.js'
import { NamespaceKeywordIndex } from './NamespaceKeywordIndex.js'
import { parseTsvector } from './parseTsvector.js'
import { queryTermsSql } from './queryTermsSql.js'

/**
 * Namespaces smaller than this keep the SQL keyword leg. Below it the SQL leg reads few rows
 * and a held namespace costs memory in every process and a load; above it the SQL leg's reads
 * grow with the namespace (W12's one user of 10,000 memories: ~9,000 matching rows read per
 * search). Measured on W12's text (every query word in a third of the memories), recall p50 on
 * PostgreSQL, SQL leg against held: 9.6 against 9.6 ms at 200 memories, 12.0 against 10.5 at
 * 500, 15.5 against 11.3 at 1,000.
 */
const MIN_ROWS = 500

/** The log's triggers (migration 0011), all four enabled: otherwise nothing is held. */
const LOG_TRIGGERS = [
  'memories_keyword_log_insert',
  'memories_keyword_log_delete',
  'memories_keyword_log_update',
  'memories_keyword_log_truncate',
]

interface Held {
  index: NamespaceKeywordIndex
  /** Log entries of transactions from this one on may not be applied yet (a `pg_snapshot_xmin`). */
  xmin: bigint
  /** When (this process's clock) the snapshot of the last catch-up applied in order was taken. */
  caughtUpAt: number
  /** Catch-ups issued and the last one applied in issue order. */
  issued: number
  applied: number
}

/** The query's terms and the namespace's index, caught up. */
export interface PreparedKeywordSearch {
  terms: KeywordTerm[]
  index: NamespaceKeywordIndex
}

/**
 * The in-process BM25 index of a store on PostgreSQL, where many processes write one database:
 * per process, for the namespaces large enough for it to pay (`MIN_ROWS`) within the same memory
 * bound as the embedded store's (`MAX_KEYWORD_DOCUMENTS`, least recently searched dropped). A
 * namespace is loaded in the background once an SQL keyword search found it large; every later
 * search catches it up from the change log (migration 0011) in the one statement that also
 * analyses the query (`prepare`), in the search's first round trip: the entries of the namespace
 * from the oldest transaction its last catch-up could not see on, with the rows they name read in
 * the same snapshot. A namespace not caught up for half the log's retention is dropped (its
 * entries may be trimmed) and loaded again; so is one whose table was truncated.
 */
export class SharedKeywordIndex {
  readonly #namespaces = new Map<string, Held>()
  readonly #minRows: number
  /** Whether the log is there and followed (its triggers on): read by the first load. */
  #logged: boolean | undefined

  /** `minRows`: the smallest namespace held (tests hold small ones; the default is `MIN_ROWS`). */
  constructor(options: { minRows?: number } = {}) {
    this.#minRows = options.minRows ?? MIN_ROWS
  }

  /** Whether the namespace is held and recent enough to catch up (the most recently used from now on). */
  held(namespace: string): boolean {
    const held = this.#namespaces.get(namespace)
    if (held === undefined) return false
    if (performance.now() - held.caughtUpAt > KEYWORD_LOG_RETENTION_MS / 2) {
      this.#namespaces.delete(namespace)
      return false
    }
    this.#namespaces.delete(namespace)
    this.#namespaces.set(namespace, held)
    return true
  }

  /**
   * Whether a namespace of `rows` documents that an SQL keyword search just ranked should be
   * loaded (`scheduleKeywordLoad`): large enough, within the bound, not held yet, and the log followed.
   */
  wants(namespace: string, rows: number): boolean {
    if (rows < this.#minRows || rows > MAX_KEYWORD_DOCUMENTS || this.#logged === false) return false
    return !this.#namespaces.has(namespace)
  }

  /** Loads the namespace through `read` (one read-only statement), with where its first catch-up starts. */
  async load(
    namespace: string,
    read: <Row>(text: string, params: unknown[]) => Promise<Row[]>,
  ): Promise<void> {
    const rows = await read<{
      id: string | null
      search: string | null
      xmin: string
      logged: boolean
    }>(
      `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin,
         (SELECT count(*) = ${LOG_TRIGGERS.length} FROM pg_trigger WHERE tgrelid = 'memories'::regclass
            AND tgenabled <> 'D' AND tgname = ANY($2::text[])) AS logged,
         m.id, m.search::text AS search
       FROM (SELECT 1) one LEFT JOIN memories m ON m.namespace = $1`,
      [namespace, LOG_TRIGGERS],
    )
    const first = rows[0]
    this.#logged = first?.logged === true
    if (first === undefined || !this.#logged) return
    const index = new NamespaceKeywordIndex()
    for (const row of rows)
      if (row.id !== null && row.search !== null) index.put(row.id, parseTsvector(row.search))
    if (index.size === 0) return
    // The snapshot was taken before the statement was sent: its time is at most this one.
    this.#namespaces.set(namespace, {
      index,
      xmin: BigInt(first.xmin),
      caughtUpAt: performance.now() - 1,
      issued: 0,
      applied: 0,
    })
    this.#evict(namespace)
  }

  #evict(kept: string): void {
    let held = 0
    for (const each of this.#namespaces.values()) held += each.index.size
    for (const [name, each] of this.#namespaces) {
      if (held <= MAX_KEYWORD_DOCUMENTS || name === kept) break
      this.#namespaces.delete(name)
      held -= each.index.size
    }
  }

  /**
   * One statement: the query's terms (as `KeywordIndex.prepare` derives them) and the log entries
   * of the namespace since its last catch-up with the rows they name, read in one snapshot whose
   * oldest unfinished transaction is where the next catch-up starts. Entries of a transaction that
   * committed after that snapshot have an id at or above it, so they are read again then, and
   * re-reading a row is harmless. Catch-ups that overlap (two searches at once) may come back out
   * of order: a late older one still applies its rows, and moves the start back to its own
   * snapshot so that whatever it put back is read again. `undefined`: the namespace is no longer
   * held (dropped meanwhile, or its table truncated): the SQL leg answers.
   */
  async prepare(
    sql: SqlRunner,
    namespace: string,
    analysis: string,
  ): Promise<PreparedKeywordSearch | undefined> {
    const held = this.#namespaces.get(namespace)
    if (held === undefined) return undefined
    const issuedAt = performance.now()
    const seq = ++held.issued
    const result = await sql.query<{
      xmin: string | null
      lexeme: string | null
      parts: string[] | null
      id: string | null
      search: string | null
    }>(
      `WITH changed AS (
         SELECT DISTINCT id FROM agent_memory_keyword_log
         WHERE namespace IN ($2, '') AND xid >= $3::text::xid8)
       SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin,
         NULL::text AS lexeme, NULL::text[] AS parts, NULL::text AS id, NULL::text AS search
       UNION ALL
       SELECT NULL, t.lexeme, t.parts, NULL, NULL FROM (${queryTermsSql('$1::text')}) t
       UNION ALL
       SELECT NULL, NULL, NULL, c.id, m.search::text
         FROM changed c LEFT JOIN memories m ON m.namespace = $2 AND m.id = c.id`,
      [analysis, namespace, held.xmin.toString()],
    )
    let xmin: bigint | undefined
    const terms: KeywordTerm[] = []
    const changed: Array<{ id: string; search: string }> = []
    const ids: string[] = []
    for (const row of result.rows) {
      if (row.xmin !== null) xmin = BigInt(row.xmin)
      else if (row.lexeme !== null) terms.push({ lexeme: row.lexeme, parts: row.parts ?? [] })
      else if (row.id !== null) {
        ids.push(row.id)
        if (row.search !== null) changed.push({ id: row.id, search: row.search })
      }
    }
    // A truncated table: nothing held is right any more.
    if (ids.includes('') || xmin === undefined) {
      if (this.#namespaces.get(namespace) === held) this.#namespaces.delete(namespace)
      return undefined
    }
    replaceRows(held.index, changed, ids, (row) => parseTsvector(row.search))
    if (seq > held.applied) {
      held.applied = seq
      held.xmin = xmin
      held.caughtUpAt = Math.max(held.caughtUpAt, issuedAt)
    } else if (xmin < held.xmin) held.xmin = xmin
    return { terms, index: held.index }
  }
}

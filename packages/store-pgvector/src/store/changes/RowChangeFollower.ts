import type { SqlRunner } from '../../sql/SqlRunner.js'
import type { RowIndex } from './RowIndex.js'

/**
 * Reads the embedded store's row change log (`KEYWORD_CHANGE_LOG`) for every in-process index of
 * the store at once: each entry is applied to all of them before it is trimmed, so an index that
 * was not searched for a while still sees every change. Runs inside the caller's session, which
 * on PGlite has the database to itself.
 */
export class RowChangeFollower {
  readonly #indexes: RowIndex[] = []
  /** The last log entry applied. */
  #seen = 0
  /** Whether applied entries may be deleted (a read-only snapshot never writes; nothing is logged there). */
  readonly #trims: boolean

  constructor(options: { trimLog: boolean }) {
    this.#trims = options.trimLog
  }

  follow(index: RowIndex): void {
    this.#indexes.push(index)
  }

  /** Brings every index up to the log's `head` (read here when the caller has not read it already). */
  async catchUp(sql: SqlRunner, head?: number): Promise<void> {
    if (head === undefined) {
      const read = await sql.query<{ head: string }>(
        'SELECT coalesce(max(seq), 0)::text AS head FROM agent_memory_keyword_changes',
      )
      head = Number(read.rows[0]?.head ?? 0)
    }
    if (head <= this.#seen) return
    const changes = await sql.query<{ namespace: string; ids: string[] }>(
      `SELECT namespace, array_agg(DISTINCT id) AS ids FROM agent_memory_keyword_changes
         WHERE seq > $1 AND seq <= $2 GROUP BY namespace`,
      [this.#seen, head],
    )
    for (const { namespace, ids } of changes.rows) {
      // A truncated table: nothing loaded is right any more.
      if (namespace === '' && ids.includes('')) for (const index of this.#indexes) index.clear()
      for (const index of this.#indexes) await index.refresh(sql, namespace, ids)
    }
    if (this.#trims) await sql.query('DELETE FROM agent_memory_keyword_changes WHERE seq <= $1', [head])
    this.#seen = head
  }
}

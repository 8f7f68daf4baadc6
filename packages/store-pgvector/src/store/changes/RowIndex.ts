import type { SqlRunner } from '../../sql/SqlRunner.js'

/** An in-process index over `memories` that `RowChangeFollower` keeps in step with the table. */
export interface RowIndex {
  /** Re-reads these rows of a namespace (when the index holds it); rows gone are dropped. */
  refresh(sql: SqlRunner, namespace: string, ids: readonly string[]): Promise<void>
  /** Forgets everything (the table was truncated); namespaces reload on their next search. */
  clear(): void
}

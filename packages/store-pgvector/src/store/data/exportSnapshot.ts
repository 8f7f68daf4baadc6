import type { StoredMemoryRow } from '@agent-memory/core'
import { checkNamespace } from '../context/checkNamespace.js'
import type { StoreContext } from '../context/StoreContext.js'
import { exportPageStatement } from './exportPageStatement.js'
import { toStoredRow } from './toStoredRow.js'

const PAGE = 500

/**
 * Every memory of every namespace (with vectors) read inside one transaction, so the rows are one
 * point in time: on PostgreSQL a REPEATABLE READ snapshot; on an embedded store, the database held
 * for the whole read (through a store server too: its hold limit counts the silences between
 * statements, not the read's length). `onRow` may wait (a slow file): the transaction waits with it.
 */
export async function exportSnapshot(
  context: StoreContext,
  onRow: (row: StoredMemoryRow) => Promise<void> | void,
): Promise<{ namespaces: string[]; memories: number }> {
  return context.executor.transaction(async (sql) => {
    if (context.executor.kind === 'postgres') {
      await sql.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY')
    }
    const listed = await sql.query<{ namespace: string }>(
      'SELECT DISTINCT namespace FROM memories ORDER BY namespace',
    )
    const namespaces = listed.rows.map((row) => checkNamespace(row.namespace))
    let memories = 0
    for (const namespace of namespaces) {
      let after: string | undefined
      for (;;) {
        const params: unknown[] = [namespace, PAGE]
        if (after !== undefined) params.push(after)
        const page = await sql.query<Record<string, unknown>>(
          exportPageStatement(true, after !== undefined),
          params,
        )
        for (const row of page.rows) {
          await onRow(toStoredRow(row, true))
          memories += 1
        }
        if (page.rows.length < PAGE) break
        after = String(page.rows[page.rows.length - 1]!.id)
      }
    }
    return { namespaces, memories }
  })
}

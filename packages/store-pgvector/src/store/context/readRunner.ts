import type { SqlRunner } from '../../sql/SqlRunner.js'
import { routed } from './routed.js'
import type { StoreContext } from './StoreContext.js'

/**
 * A `SqlRunner` each of whose statements is a pipelined read of `namespace` of its own
 * (`routed(…).readStatement`: one round trip), for a read that needs no transaction around
 * several statements.
 */
export function readRunner(context: StoreContext, namespace: string): SqlRunner {
  const reads = routed(context, 'read', namespace)
  return {
    async query<Row = Record<string, unknown>>(text: string, params?: unknown[]) {
      const rows = await reads.readStatement<Row>(text, params ?? [])
      return { rows, rowCount: rows.length }
    },
  }
}

import type { SqlRunner } from '../../../sql/SqlRunner.js'
import type { SearchPathFacts } from '../../context/SearchPathFacts.js'
import type { StoreContext } from '../../context/StoreContext.js'
import { ANN_MIN_NAMESPACE_SHARE } from './ANN_MIN_NAMESPACE_SHARE.js'

/**
 * Counts a namespace's rows in `table` as far as the ANN-or-exact decision needs (past
 * `exactSearchMaxRows`, or past the global index's minimum share of the table where it exists)
 * and caches the count for `countTtlMs` (a write to the namespace drops it:
 * `forgetNamespaceSize`).
 */
export async function countNamespace(
  context: StoreContext,
  sql: SqlRunner,
  table: 'memories' | 'memory_chunks',
  ns: string,
  { ann, tableRows }: Pick<SearchPathFacts, 'ann' | 'tableRows'>,
): Promise<number> {
  const at = Date.now()
  const share = ann ? Math.ceil(tableRows * ANN_MIN_NAMESPACE_SHARE) : 0
  const upTo = Math.max(context.exactSearchMaxRows, share) + 1
  const counted = await sql.query<{ rows: number }>(
    `SELECT count(*)::int AS rows FROM (SELECT 1 FROM ${table} WHERE namespace = $1 LIMIT $2) s`,
    [ns, upTo],
  )
  const rows = Number(counted.rows[0]?.rows ?? 0)
  context.namespaceSizes.set(`${table}:${ns}`, { rows, at })
  return rows
}

import { InvalidArgumentError, type StoredMemoryRow } from '@agent-memory/core'
import { checkNamespace } from '../context/checkNamespace.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { exportPageStatement } from './exportPageStatement.js'
import { toStoredRow } from './toStoredRow.js'

/** `NamespaceDataStore.exportRows`: one page of the namespace in id order (`exportPageStatement`). */
export async function exportRows(
  context: StoreContext,
  namespace: string,
  options: { after?: string; limit: number; vectors?: boolean },
): Promise<StoredMemoryRow[]> {
  const ns = checkNamespace(namespace)
  if (!Number.isInteger(options.limit) || options.limit < 1 || options.limit > 1000) {
    throw new InvalidArgumentError('limit', `limit must be an integer from 1 to 1000, got ${options.limit}`)
  }
  if (options.after !== undefined && typeof options.after !== 'string') {
    throw new InvalidArgumentError('after', 'after must be a memory id')
  }
  const vectors = options.vectors === true
  const params: unknown[] = [ns, options.limit]
  if (options.after !== undefined) params.push(options.after)
  const rows = await routed(context, 'read', ns).readStatement<Record<string, unknown>>(
    exportPageStatement(vectors, options.after !== undefined),
    params,
  )
  return rows.map((row) => toStoredRow(row, vectors))
}

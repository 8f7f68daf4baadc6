import { isFresh } from '../../context/isFresh.js'
import type { StoreContext } from '../../context/StoreContext.js'

/**
 * Whether a recall of `ns` may run its statements prepared (`TransactionScope.prepared`): each
 * table it scans holds, as last counted, at most `exactSearchMaxRows` of the namespace's rows.
 * PostgreSQL then parses a statement once per connection and, after five plans made for their
 * parameters, keeps a generic plan where it costs no more; a plan made for one namespace this
 * small suits any other, each read whole through its index. A larger namespace, or one not counted
 * lately, is planned for its own size on every search: tenants of one table can differ in size a
 * thousandfold, and a generic plan fits only the typical one.
 */
export function preparable(
  context: StoreContext,
  ns: string,
  tables: ReadonlyArray<'memories' | 'memory_chunks'>,
): boolean {
  return tables.every((table) => {
    const size = context.namespaceSizes.get(`${table}:${ns}`)
    return size !== undefined && isFresh(context, size.at) && size.rows <= context.exactSearchMaxRows
  })
}

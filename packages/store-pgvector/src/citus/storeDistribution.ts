import { type DatabaseHandle, toExecutor } from '../sql/toExecutor.js'
import { citusState } from './citusState.js'

/**
 * How the store in this database is laid out: `'citus'` when its tables are distributed by Citus
 * (`migrate({ distribute: 'citus' })`), undefined for plain tables (or no store yet). For tools
 * that open whatever store a URL holds (the CLI) and must pass the matching `distribute`.
 */
export async function storeDistribution(
  db: DatabaseHandle,
  options: { schema?: string } = {},
): Promise<'citus' | undefined> {
  const executor = toExecutor(db, { statementTimeoutMs: 0, ...options })
  try {
    if (executor.kind !== 'postgres') return undefined
    const state = await executor.session((sql) => citusState(sql))
    return state.distributed ? 'citus' : undefined
  } finally {
    await executor.close()
  }
}

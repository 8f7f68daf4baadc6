import type { EraseSummary } from '../../data/EraseSummary.js'
import { ledgerNamespace } from '../../text/ledgerNamespace.js'
import { checkNamespace } from '../context/checkNamespace.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { dataStoreOf } from './dataStoreOf.js'

/**
 * `MemoryService.eraseNamespace`: every row of the namespace in every table of the store, and
 * its observe ledger (the derived namespace `observe` keeps its seen-message marks in). Queued
 * reinforcements are flushed first, so none lands after the erase.
 */
export async function eraseNamespace(context: ServiceContext, namespace: string): Promise<EraseSummary> {
  const ns = checkNamespace(namespace)
  const store = dataStoreOf(context.store)
  await context.reinforcements.flush()
  const report = await store.eraseNamespace(ns)
  const ledger = await store.eraseNamespace(ledgerNamespace(ns))
  const otherRows = { ...report.otherRows }
  for (const [table, count] of Object.entries(ledger.otherRows))
    otherRows[table] = (otherRows[table] ?? 0) + count
  return {
    namespace: ns,
    memories: report.memories,
    chunks: report.chunks + ledger.chunks,
    otherRows,
    indexes: report.indexes + ledger.indexes,
    observeLedger: ledger.memories,
  }
}

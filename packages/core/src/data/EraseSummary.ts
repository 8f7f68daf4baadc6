import type { EraseReport } from '../spec/NamespaceDataStore.js'

/** What `eraseNamespace` removed: the namespace's rows, plus its observe ledger's memories. */
export interface EraseSummary extends EraseReport {
  /** Memories of the namespace's observe ledger (`ledgerNamespace`), erased with it. */
  observeLedger: number
}

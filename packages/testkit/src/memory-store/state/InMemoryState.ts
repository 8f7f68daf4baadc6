import type { InMemoryRow } from './InMemoryRow.js'

/** What every concern of `InMemoryStore` shares: the rows (by id) and the resolved options. */
export interface InMemoryState {
  /** Every namespace's rows, keyed by id (ids are unique across namespaces). */
  readonly rows: Map<string, InMemoryRow>
  readonly dimensions: number
  readonly clock: () => Date
  readonly defaultImportance: number
}

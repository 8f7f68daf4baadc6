/** A namespace's row count in one table, counted only as far as the ANN-or-exact decision needs. */
export interface NamespaceSize {
  rows: number
  /** When it was counted (`Date.now()`). */
  at: number
}

import type { RawRow } from '../pg/copyRowsBinary.js'

/** Our store behind the search workloads (W2, W3, W4), wired in by main once the store exists. */
export interface OursSearchTarget {
  label: string
  /** Loads rows into a fresh store (each row in its `namespace`). */
  load(rows: readonly RawRow[]): Promise<void>
  /**
   * Top-k row ids (the `RawRow.id`s), best first. The store's defaults, recall guard included,
   * unless `recallGuard` is false: then the same store with the guard off.
   */
  search(
    namespace: string,
    query: Float32Array,
    k: number,
    options?: { recallGuard?: boolean },
  ): Promise<number[]>
  /** Settings worth printing (ef_search default, plan thresholds…). */
  settings(): Record<string, string | number>
  close(): Promise<void>
}

export type OursSearchFactory = (name: string) => Promise<OursSearchTarget>

import type { RawRow } from '../pg/copyRowsBinary.js'

/** Our store's bulk path for W1, wired in by main once the store exists. */
export interface OursIngest {
  label: string
  /** Loads the rows into a fresh, empty store and resolves when they are durable. */
  run(rows: readonly RawRow[]): Promise<void>
  close(): Promise<void>
}

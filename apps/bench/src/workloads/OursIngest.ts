import type { RawRow } from '../pg/copyRowsBinary.js'

/** Our store's bulk path for W1, wired in by main once the store exists. */
export interface OursIngest {
  label: string
  /** Creates a fresh, empty store (database, migrations, open): outside the timed region, as the baselines' CREATE TABLE is. */
  prepare(): Promise<void>
  /** Loads the rows into the prepared store and resolves when they are durable (the timed region). */
  run(rows: readonly RawRow[]): Promise<void>
  close(): Promise<void>
}

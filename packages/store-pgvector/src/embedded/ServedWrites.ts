/** Rows a served client's statements changed, as reported to the holder at the end of a turn. */
export interface ServedWrites {
  /** Rows inserted, updated, deleted or copied. */
  changed: number
  /** Of those, rows that left a dead version behind (updated or deleted). */
  dead: number
}

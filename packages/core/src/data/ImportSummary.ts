/** What `importRecords` did with a stream of export records. */
export interface ImportSummary {
  /** Memory records written as new rows. */
  inserted: number
  /** Memory records that replaced a row of the same id with other values. */
  updated: number
  /** Memory records whose id was already stored with the same values (a second import of a file). */
  unchanged: number
  /** Records not imported, each with its position in the stream (1-based), its id when known and why. */
  skipped: Array<{ record: number; id?: string; reason: string }>
  /** Memories written without a vector: repair embeds them (see `pendingReason`). */
  pendingEmbed: number
  /** Why memories went in without their vectors, as a sentence; `null` when every vector was used. */
  pendingReason: string | null
  /** The namespaces written to. */
  namespaces: string[]
}

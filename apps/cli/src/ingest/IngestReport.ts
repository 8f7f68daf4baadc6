/** What one `ingest` run did. */
export interface IngestReport {
  files: number
  /** Files fully processed (all their items written or skipped). */
  filesDone: number
  inserted: number
  /** Items whose file part changed: the existing memory was updated in place. */
  updated: number
  /** Items already stored with the same content hash: nothing written. */
  unchanged: number
  /** Items the service found as exact duplicates elsewhere in the namespace and reinforced. */
  reinforced: number
  /** Stale parts of a shrunk file, removed. */
  removed: number
  /** Items stored without a vector (embedder unavailable); `repair` embeds them later. */
  pending: number
  /** Lines or files that could not be ingested, one sentence each. */
  problems: string[]
  /** Files left out because they are not text (a binary file named `.txt`), one sentence each. */
  skippedFiles: string[]
  /** True when stopped early by Ctrl-C; everything counted above is committed. */
  interrupted: boolean
}

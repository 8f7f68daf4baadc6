/** Options of `MemoryService.importRecords`. */
export interface ImportOptions {
  /** Writes every record into this namespace instead of the one it names. */
  namespace?: string
}

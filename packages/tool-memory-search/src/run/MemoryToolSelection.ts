/** Which tools a host exposes. Default: search, remember and forget; a read-only host passes `{ allowWrite: false }`. */
export interface MemoryToolSelection {
  /** Expose `memory_remember` and `memory_forget` too. Default true. */
  allowWrite?: boolean
  /** Expose `memory_profile` too. Default false (`createMemoryMcpServer`: true). */
  profile?: boolean
}

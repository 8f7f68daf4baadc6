/** Which tools a host exposes. Default: all three; a read-only host passes `{ allowWrite: false }`. */
export interface MemoryToolSelection {
  /** Expose `memory_remember` and `memory_forget` too. Default true. */
  allowWrite?: boolean
}

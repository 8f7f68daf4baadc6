/** Options of `MemoryService.sweep`. */
export interface SweepOptions {
  /** Sweep this namespace only; default every namespace. */
  namespace?: string
  /** What counts as expired: `expiresAt` at or before this. Default the service's clock. */
  now?: Date
}

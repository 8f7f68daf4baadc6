/** What a W14 child reports on its last stdout line. */
export interface DataChildResult {
  /** Memories written, exported or imported. */
  rows: number
  /** Wall time of the operation alone (the store already open). */
  ms: number
  /** Size of the file written or read, when there is one. */
  bytes: number
  /** Resident set size once the store was open, before the operation (MiB). */
  rssOpenMb: number
  /** Peak resident set size of the whole child process (MiB, the kernel's `VmHWM`). */
  peakRssMb: number
}

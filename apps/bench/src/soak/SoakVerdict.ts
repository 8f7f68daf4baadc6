/** What `judgeSoak` found: every threshold broken, in words. */
export interface SoakVerdict {
  failures: string[]
  /** Per operation: p50 of the last window over the first after warm-up, over `machine` (null without enough samples). */
  drift: Map<string, number | null>
  /** How much slower the machine itself was in the last window (the probe's p50 ratio, at least 1); drift is divided by it. */
  machine: number
  /** RSS and fd floor of the last window over the first after warm-up. */
  rssRatio: number | null
  fdRatio: number | null
}

import type { SoakThresholds } from './judgeSoak.js'

/** How long a soak runs, in which windows, at which size, with which faults and thresholds. */
export interface SoakPlan {
  minutes: number
  windowMs: number
  windows: number
  cap: number
  /** The embedder fails (HTTP 503) for the last `downMs` of every `periodMs`. */
  periodMs: number
  downMs: number
  thresholds: SoakThresholds
}

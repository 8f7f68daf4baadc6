import type { PeerPlan } from './PeerPlan.js'

/** One side of a W12 pass as the parent runs and reports it. */
export interface W12SideSpec {
  key: string
  /** Column heading. */
  label: string
  side: PeerPlan['side']
  mastraIndex?: PeerPlan['mastraIndex']
  /** The node binary, or why that Node cannot be had. */
  node: string | { reason: string }
  /** A peer's side: the key of our side it is compared with (same Node), and its short name. */
  versus?: { key: string; name: string }
}

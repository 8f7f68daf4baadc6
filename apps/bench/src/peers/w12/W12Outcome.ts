import type { PeerResult } from './PeerResult.js'

/** How one side of a W12 pass ended: its result, or why it has none. */
export type W12Outcome =
  | { ok: true; result: PeerResult; onDemand: { texts: number; ms: number } }
  | { ok: false; reason: string }

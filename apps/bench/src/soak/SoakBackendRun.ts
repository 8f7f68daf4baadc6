import type { TableWrites } from '../pg/TableWrites.js'
import type { SoakConsistency } from './checkSoakConsistency.js'
import type { SoakBackendKind } from './SoakBackendKind.js'
import type { SoakGauge } from './SoakGauge.js'
import type { SoakRecorder } from './SoakRecorder.js'
import type { SoakVerdict } from './SoakVerdict.js'

/** What a soak of one backend measured and found. */
export interface SoakBackendRun {
  kind: SoakBackendKind
  label: string
  /** Row versions written to `memories` over the whole soak, initial load included (PostgreSQL). */
  memoriesWrites?: TableWrites
  recorder: SoakRecorder
  gauges: SoakGauge[]
  consistency: SoakConsistency
  leftovers: string[]
  verdict: SoakVerdict
  descriptors: { before: number; after: number; left: string[] }
  repaired: number
}

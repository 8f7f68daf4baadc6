import type { LocomoData } from './LocomoData.js'

/** One dev set the per-embedder evaluation runs on: its name in the report and its data. */
export interface DevSet {
  /** E.g. `LoCoMo dev`, `RealMem dev` (from the file name). */
  name: string
  data: LocomoData
}

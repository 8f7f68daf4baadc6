import type { Memory } from '../model/Memory.js'
import type { ConfidenceDecay } from './ConfidenceDecay.js'
import { decayedConfidence } from './decayedConfidence.js'

/** A stored memory as the service shows it: `confidence` decayed to `now`. */
export function withDecayedConfidence(memory: Memory, now: Date, decay: ConfidenceDecay): Memory {
  const confidence = decayedConfidence(memory, now, decay)
  return confidence === memory.confidence ? memory : { ...memory, confidence }
}

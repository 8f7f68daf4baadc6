import { DEFAULT_MIN_SCORE } from '../service/DEFAULT_MIN_SCORE.js'
import type { MemoryService } from '../service/MemoryService.js'

/** The service's calibrated threshold when it is a usable number, else the spec's 0.3. */
export function effectiveMinScore(memory: MemoryService): number {
  const value = memory.minScore
  return typeof value === 'number' && value >= 0 && value <= 1 ? value : DEFAULT_MIN_SCORE
}

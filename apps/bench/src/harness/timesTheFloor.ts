import type { MemoryFloor } from './MemoryFloor.js'

/** A search latency as a multiple of the memory-bandwidth floor of W6's size, e.g. `2.4× the floor`. */
export function timesTheFloor(ms: number, floor: MemoryFloor): string {
  return `${(ms / floor.float32Ms).toFixed(1)}× the floor`
}

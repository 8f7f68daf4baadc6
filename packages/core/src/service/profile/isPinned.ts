import type { Memory } from '../../model/Memory.js'
import { PINNED_KEY } from './PINNED_KEY.js'

/** Whether a memory is pinned (`metadata.pinned === true`). */
export function isPinned(memory: Memory): boolean {
  return memory.metadata[PINNED_KEY] === true
}

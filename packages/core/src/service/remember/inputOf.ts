import type { Memory } from '../../model/Memory.js'
import type { MemoryInput } from '../../model/MemoryInput.js'
import { writeOf } from './writeOf.js'

/** A stored memory as `MemoryInput` (for validating an update as a whole): its write minus store-owned fields. */
export function inputOf(memory: Memory): MemoryInput {
  const {
    id: _id,
    supersededBy: _supersededBy,
    fingerprint: _fingerprint,
    observedAt: _observedAt,
    embedding: _embedding,
    ...input
  } = writeOf(memory)
  return input
}

import type { Memory } from '@agent-memory/core'

/** Callers get copies: nothing they change reaches the stored rows. */
export function copyMemory(memory: Memory): Memory {
  return structuredClone(memory)
}

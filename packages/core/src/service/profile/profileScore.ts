import type { Memory } from '../../model/Memory.js'

/**
 * How strongly a durable fact belongs in a profile: importance (a caller's, else a model's
 * judgement, else the default) × confidence (already decayed; untracked counts as 1) ×
 * reinforcement (1 + log₂(1 + accessCount): each doubling of accesses and re-observations adds
 * one, so a fact used every day does not drown all others).
 */
export function profileScore(memory: Memory): number {
  const importance = memory.assessedImportance ?? memory.importance
  const confidence = memory.confidence ?? 1
  return importance * confidence * (1 + Math.log2(1 + memory.accessCount))
}

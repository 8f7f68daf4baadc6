import type { Memory } from '../../model/Memory.js'

/** The stream a memory belongs to: its `metadata[streamKey]` when that is a non-empty string or a number. */
export function streamOf(memory: Memory, streamKey: string): string | undefined {
  const value = memory.metadata[streamKey]
  if (typeof value === 'string' && value !== '') return `s:${value}`
  if (typeof value === 'number' && Number.isFinite(value)) return `n:${value}`
  return undefined
}

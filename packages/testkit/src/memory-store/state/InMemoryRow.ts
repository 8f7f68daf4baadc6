import type { Chunk, Memory } from '@agent-memory/core'

/** One stored memory with what the store keeps beside it. */
export interface InMemoryRow {
  memory: Memory
  embedding: Float32Array | null
  chunks: Chunk[]
  /** Whether `supersede` set `validTo` (so `restore` knows to clear it). */
  stampedValidTo: boolean
  attempts: number
  nextRunAt: number | null
  leaseUntil: number | null
  lastError: string | null
}

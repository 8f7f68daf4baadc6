import type { MemoryService } from '@agent-memory/core'

const METHODS = [
  'remember',
  'rememberMany',
  'recall',
  'get',
  'list',
  'update',
  'forget',
  'supersede',
  'history',
  'repair',
  'flush',
  'close',
] as const

export interface RecordedCall {
  method: (typeof METHODS)[number]
  args: unknown[]
}

/**
 * A MemoryService that forwards to a real one and records every call, so a test can prove that
 * nothing reached the service (or exactly what did, namespace included).
 */
export function recordingMemoryService(inner: MemoryService): {
  memory: MemoryService
  calls: RecordedCall[]
} {
  const calls: RecordedCall[] = []
  const memory = {
    get store() {
      return inner.store
    },
    get embedder() {
      return inner.embedder
    },
    get minScore() {
      return inner.minScore
    },
  } as Record<string, unknown>
  for (const method of METHODS) {
    memory[method] = (...args: unknown[]) => {
      calls.push({ method, args })
      return (inner[method] as (...a: unknown[]) => unknown)(...args)
    }
  }
  return { memory: memory as unknown as MemoryService, calls }
}

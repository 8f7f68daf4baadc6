import { fingerprint, type MemoryWrite } from '@agent-memory/core'

/** A semantic memory write for keyword tests: the content is what matters; the vector is a fixed 4-d one. */
export const keywordWrite = (id: string, content: string): MemoryWrite => ({
  id,
  tier: 'semantic',
  content,
  fingerprint: fingerprint(content),
  embedding: Float32Array.from([1, 0, 0, 0]),
})

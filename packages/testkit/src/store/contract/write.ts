import type { MemoryWrite } from '@agent-memory/core'

/** A semantic write whose fingerprint is `fp:` + its content. */
export function write(
  id: string,
  content: string,
  embedding: Float32Array | null,
  extra: Partial<MemoryWrite> = {},
): MemoryWrite {
  return { id, tier: 'semantic', content, fingerprint: `fp:${content}`, embedding, ...extra }
}

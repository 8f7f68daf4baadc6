import type { MemoryService } from '@agent-memory/core'

/** Every memory of a namespace (superseded and expired included), minus access bookkeeping, by id. */
export async function snapshot(memory: MemoryService, namespace: string): Promise<unknown[]> {
  const rows = await memory.list(namespace, {
    filter: { includeSuperseded: true, includeExpired: true },
    limit: 1000,
  })
  return rows.map(({ lastAccessedAt, accessCount, ...rest }) => rest).sort((a, b) => a.id.localeCompare(b.id))
}

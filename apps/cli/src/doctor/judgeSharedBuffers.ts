import { formatBytes } from '../output/formatBytes.js'
import type { DoctorCheck } from './DoctorCheck.js'

/** What `readBufferFacts` measures on the server. */
export interface BufferFacts {
  /** `shared_buffers` in bytes. */
  sharedBuffersBytes: number
  /** agent-memory's tables with their indexes and TOAST, partitions included. */
  storeBytes: number
}

/**
 * Whether the server's buffer pool holds the store's tables and indexes. Below that, searches read
 * most of their pages from outside the pool, one system call each, and the vector search of a
 * mid-size namespace costs about twice as much (the W10 figures in docs/benchmarks.md).
 */
export function judgeSharedBuffers(facts: BufferFacts): DoctorCheck {
  const pool = formatBytes(facts.sharedBuffersBytes)
  const store = formatBytes(facts.storeBytes)
  if (facts.storeBytes <= facts.sharedBuffersBytes) {
    return {
      name: 'shared-buffers',
      status: 'ok',
      detail: `shared_buffers ${pool} holds the store's ${store} of tables and indexes`,
    }
  }
  return {
    name: 'shared-buffers',
    status: 'fail',
    detail: `shared_buffers ${pool} is smaller than the store's ${store} of tables and indexes: searches read pages from outside the buffer pool`,
    fix:
      "raise shared_buffers to at least the store's size (pgvector advises about a quarter of the machine's memory) " +
      "and restart PostgreSQL; on a self-hosted Debian-style server scripts/tune-postgres.sh does it, on a managed one use the provider's parameter settings",
  }
}

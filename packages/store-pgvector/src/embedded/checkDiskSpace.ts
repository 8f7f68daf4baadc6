import { statfsSync } from 'node:fs'
import { StoreError } from '@agent-memory/core'

/**
 * Free space an embedded store keeps in hand before it starts a write: one write-ahead log
 * segment (16 MB) plus room for the pages a large batch adds. PGlite does not survive running out
 * of space mid-write (its file writes fail inside the WebAssembly backend, which then stops
 * answering), so a write is refused while the store can still say why and keep what it has.
 */
export const DISK_RESERVE_BYTES = 32 * 1024 * 1024

/** Throws a `resources` StoreError naming the disk when the data directory's file system is nearly full. */
export function checkDiskSpace(dataDir: string): void {
  let free: number
  try {
    const stats = statfsSync(dataDir)
    free = stats.bavail * stats.bsize
  } catch {
    // Unknown: let the write try.
    return
  }
  if (free >= DISK_RESERVE_BYTES) return
  throw new StoreError(
    'resources',
    `the disk holding ${dataDir} is full (${Math.floor(free / 1024 / 1024)} MB free; the embedded store keeps ${DISK_RESERVE_BYTES / 1024 / 1024} MB in hand for its write-ahead log): free space there, then retry (nothing was written)`,
    { code: 'ENOSPC' },
  )
}

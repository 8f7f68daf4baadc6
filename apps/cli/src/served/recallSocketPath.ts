import { join } from 'node:path'

/**
 * Where the process holding an embedded data directory answers whole recalls: beside its store
 * socket, in the same owner-only (0700) `socket` directory, so the same user, and only that user,
 * can connect.
 */
export function recallSocketPath(dataDir: string): string {
  return join(dataDir, 'socket', 'recall.sock')
}

import { join } from 'node:path'

/**
 * Where the process holding an embedded data directory serves it: a PostgreSQL-style socket name
 * (`.s.PGSQL.<port>`) so node-postgres reaches it with `host: <directory>, port: 5432`.
 */
export function storeSocketPath(dataDir: string): string {
  return join(dataDir, 'socket', '.s.PGSQL.5432')
}

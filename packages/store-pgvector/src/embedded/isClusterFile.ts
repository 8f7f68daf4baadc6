/**
 * Whether a path inside a data directory (relative, its first part a top-level name) belongs to
 * the PostgreSQL cluster: the store keeps its own lock and socket beside it, and a copy of the
 * cluster must never carry those into another directory.
 */
export function isClusterFile(path: string): boolean {
  const top = path.replace(/^\/+/, '').split('/')[0] ?? ''
  return (
    top === 'PG_VERSION' ||
    top === 'base' ||
    top === 'global' ||
    top.startsWith('pg_') ||
    top.startsWith('postgresql.') ||
    top.startsWith('postmaster.')
  )
}

import type { DoctorCheck } from './DoctorCheck.js'

/**
 * Whether PGlite and its pgvector extension load. They are optional peers of the store: required
 * for the embedded store, not for PostgreSQL (`needed` false turns a failure into a note).
 */
export async function inspectPglite(needed: boolean): Promise<DoctorCheck> {
  try {
    await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite-pgvector')])
    return { name: 'pglite', status: 'ok', detail: 'PGlite and its pgvector extension are installed' }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const missing = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND'
    const detail = missing
      ? 'PGlite is not installed'
      : `PGlite failed to load: ${error instanceof Error ? error.message : String(error)}`
    if (!needed) return { name: 'pglite', status: 'skip', detail: `${detail} (not needed for PostgreSQL)` }
    return {
      name: 'pglite',
      status: 'fail',
      detail,
      fix: 'npm install @electric-sql/pglite@0.5.14 @electric-sql/pglite-pgvector@0.0.15, or use PostgreSQL (--database-url)',
    }
  }
}

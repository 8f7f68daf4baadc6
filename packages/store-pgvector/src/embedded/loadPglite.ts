import { StoreError } from '@agent-memory/core'
import type { PGlite } from '@electric-sql/pglite'
import type { vector } from '@electric-sql/pglite-pgvector'

/** What the embedded opener needs from the two optional PGlite packages. */
export interface PgliteModules {
  PGlite: typeof PGlite
  vector: typeof vector
}

const INSTALL_HINT =
  'The embedded store needs PGlite: install @electric-sql/pglite@0.5.14 and @electric-sql/pglite-pgvector@0.0.15 ' +
  '(npm install @electric-sql/pglite@0.5.14 @electric-sql/pglite-pgvector@0.0.15), or connect to PostgreSQL with createPgVectorStore'

function isModuleNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND'
}

/**
 * Loads PGlite and its pgvector extension on first use. They are optional peers: a Postgres-only
 * install never downloads them (27 MB), and nothing but `openEmbeddedStore` ever imports them.
 */
export async function loadPglite(): Promise<PgliteModules> {
  try {
    const [pglite, pgvector] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite-pgvector'),
    ])
    return { PGlite: pglite.PGlite, vector: pgvector.vector }
  } catch (error) {
    if (!isModuleNotFound(error)) throw error
    // Not retryable: nothing changes until the package is installed.
    throw new StoreError('unknown', INSTALL_HINT, { cause: error })
  }
}

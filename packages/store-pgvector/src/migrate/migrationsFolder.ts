import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

function locate(): string {
  const beside = fileURLToPath(new URL('../../drizzle', import.meta.url))
  if (existsSync(beside)) return beside
  // Bundled into an application (the CLI's single entry), this module no longer sits in the
  // package: the package that is installed beside the application has the same migrations.
  try {
    const manifest = createRequire(import.meta.url).resolve('@agent-memory/store-pgvector/package.json')
    return join(dirname(manifest), 'drizzle')
  } catch {
    return beside
  }
}

/** The committed drizzle-kit output, shipped in the package next to `dist` (and `src`). */
export const migrationsFolder = locate()

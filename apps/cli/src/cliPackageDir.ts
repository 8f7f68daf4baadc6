import { createRequire } from 'node:module'
import { dirname } from 'node:path'

/**
 * This package's folder (package.json, assets/), found by the package's own name so it is the same
 * from dist/, from the bundled entry in dist/bundle/, and from src/ under vitest.
 */
export function cliPackageDir(): string {
  return dirname(createRequire(import.meta.url).resolve('@agent-memory/cli/package.json'))
}

import { join } from 'node:path'
import { cliPackageDir } from '../cliPackageDir.js'

/**
 * The bundled document the demo ingests, in the package's assets/ folder, so the demo works from
 * any working directory.
 */
export function demoAssetPath(): string {
  return join(cliPackageDir(), 'assets', 'demo', 'kitchen-notes.md')
}

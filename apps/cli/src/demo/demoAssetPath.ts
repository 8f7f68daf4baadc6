import { fileURLToPath } from 'node:url'

/**
 * The bundled document the demo ingests. Resolved from this module's own location (dist/demo/ in
 * a build, src/demo/ under vitest), so the demo works from any working directory.
 */
export function demoAssetPath(): string {
  return fileURLToPath(new URL('../../assets/demo/kitchen-notes.md', import.meta.url))
}

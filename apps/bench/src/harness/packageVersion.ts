import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * The installed version of `name` as resolved from `fromDir` (defaults to this package), by
 * walking up from its entry point to its package.json; '?' when it is not installed.
 */
export function packageVersion(name: string, fromDir?: string): string {
  try {
    const require = createRequire(fromDir ? join(fromDir, 'package.json') : import.meta.url)
    let dir = dirname(require.resolve(name))
    for (let i = 0; i < 6; i++) {
      try {
        const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
          name?: string
          version?: string
        }
        if (pkg.name === name && pkg.version) return pkg.version
      } catch {
        // not at this level
      }
      dir = dirname(dir)
    }
  } catch {
    // not resolvable
  }
  return '?'
}

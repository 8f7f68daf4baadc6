import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const SAFE = /^[0-9A-Za-z.+-]{1,64}$/
let cached: string | null | undefined

/**
 * The installed PGlite's version (from its package.json, which its exports do not name), or
 * undefined when it cannot be read or is not a plain version: what a copy of a cluster it made is
 * filed under, since a cluster belongs to the build that created it.
 */
export function pgliteVersion(): string | undefined {
  if (cached !== undefined) return cached ?? undefined
  cached = null
  try {
    let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
    for (;;) {
      try {
        const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
          name?: unknown
          version?: unknown
        }
        if (manifest.name === '@electric-sql/pglite') {
          if (typeof manifest.version === 'string' && SAFE.test(manifest.version)) cached = manifest.version
          break
        }
      } catch {
        // No manifest at this level (or an unreadable one): keep climbing.
      }
      const up = dirname(dir)
      if (up === dir) break
      dir = up
    }
  } catch {
    // PGlite not resolvable from here: no version, so no copy on disk.
  }
  return cached ?? undefined
}

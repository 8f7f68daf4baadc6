import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Calls `visit` with every path under `dir` (directories before their contents), at most
 * `limit` of them; `visit` returning false stops the walk. An unreadable directory throws.
 */
export function walkFiles(
  dir: string,
  visit: (path: string, isDirectory: boolean) => boolean,
  limit = 100_000,
): void {
  let seen = 0
  const stack = [dir]
  while (stack.length > 0) {
    const current = stack.pop()!
    const entries = readdirSync(current, { withFileTypes: true })
    for (const entry of entries) {
      if (++seen > limit) return
      const path = join(current, entry.name)
      if (!visit(path, entry.isDirectory())) return
      if (entry.isDirectory()) stack.push(path)
    }
  }
}

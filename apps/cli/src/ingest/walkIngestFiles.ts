import { lstat, readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { UsageError } from '../cli/UsageError.js'
import { INGEST_EXTENSIONS } from './INGEST_EXTENSIONS.js'

// Directories nobody means to ingest when they point at a project folder.
const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git', '.agent-memory', 'dist'])

function isIngestible(file: string): boolean {
  return INGEST_EXTENSIONS.includes(path.extname(file).toLowerCase())
}

/**
 * Expands the given paths into a sorted, de-duplicated list of absolute file paths: files as
 * given (their type must be supported), directories recursively (hidden directories,
 * `node_modules`, `.git` and `dist` skipped; symlinked directories not followed, so no loops).
 * A path that does not exist is a usage error.
 */
export async function walkIngestFiles(paths: readonly string[], cwd: string): Promise<string[]> {
  const found = new Set<string>()
  const visit = async (directory: string): Promise<void> => {
    const entries = await readdir(directory, { withFileTypes: true })
    for (const entry of entries) {
      const full = path.join(directory, entry.name)
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !SKIPPED_DIRECTORIES.has(entry.name)) await visit(full)
      } else if (entry.isFile() && isIngestible(full)) {
        found.add(full)
      } else if (entry.isSymbolicLink() && isIngestible(full)) {
        const target = await stat(full).catch(() => undefined)
        if (target?.isFile()) found.add(full)
      }
    }
  }
  for (const given of paths) {
    const absolute = path.resolve(cwd, given)
    const info = await lstat(absolute).catch(() => undefined)
    if (info === undefined) throw new UsageError(`no such file or directory: ${given}`)
    const resolved = info.isSymbolicLink() ? await stat(absolute).catch(() => undefined) : info
    if (resolved?.isDirectory()) {
      await visit(absolute)
    } else if (resolved?.isFile()) {
      if (!isIngestible(absolute)) {
        throw new UsageError(
          `cannot ingest ${given}: supported file types are ${INGEST_EXTENSIONS.join(', ')}`,
        )
      }
      found.add(absolute)
    } else {
      throw new UsageError(`cannot ingest ${given}: not a regular file or directory`)
    }
  }
  return [...found].sort()
}

import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'

/** Bytes used by the files under `directory` (0 when it does not exist). */
export async function directorySize(directory: string): Promise<number> {
  let total = 0
  const entries = await readdir(directory, { withFileTypes: true }).catch(() => [])
  for (const entry of entries) {
    const full = path.join(directory, entry.name)
    if (entry.isDirectory()) total += await directorySize(full)
    else if (entry.isFile()) total += (await stat(full).catch(() => ({ size: 0 }))).size
  }
  return total
}

import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { isClusterFile } from './isClusterFile.js'

/** Removes what a failed boot left of a cluster in `dir`, and nothing of the store's own. */
export function removeClusterFiles(dir: string): void {
  for (const entry of readdirSync(dir)) {
    if (isClusterFile(entry)) rmSync(join(dir, entry), { recursive: true, force: true })
  }
}

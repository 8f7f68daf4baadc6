import { randomBytes } from 'node:crypto'
import { constants, type Stats } from 'node:fs'
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { clusterFilesOnly } from './clusterFilesOnly.js'

/** A pristine cluster is ~40 MB; anything far larger is not one. */
const MAX_BYTES = 512 * 1024 * 1024

/**
 * Files owned by this user that no one else may write: a cluster loaded from here becomes the
 * user's database, so it must be theirs alone (as ssh treats its keys). Windows has no owner here.
 */
function trusted(stat: Stats): boolean {
  const uid = process.getuid?.()
  return uid === undefined || (stat.uid === uid && (stat.mode & 0o022) === 0)
}

/**
 * A pristine PGlite cluster kept on disk for every process of this user on this machine, filed
 * under the PGlite version that created it. Reading never throws: a file that is missing,
 * another user's, writable by others, a link, or not a plain cluster tarball (`clusterFilesOnly`)
 * reads as none. Writing is best effort and atomic (a private temporary file renamed into place),
 * so a reader sees the whole copy or none.
 */
export class ClusterCacheFile {
  readonly dir: string
  readonly path: string

  constructor(dir: string, pgliteVersion: string) {
    this.dir = dir
    this.path = join(dir, `pglite-${pgliteVersion}-cluster.tar`)
  }

  async read(): Promise<Uint8Array | undefined> {
    try {
      if (!trusted(await stat(this.dir))) return undefined
      const handle = await open(this.path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0))
      try {
        const file = await handle.stat()
        if (!file.isFile() || !trusted(file) || file.size > MAX_BYTES) return undefined
        const bytes = new Uint8Array(await handle.readFile())
        // Only what this class writes: a tarball of the cluster's files, nothing filtered out.
        return clusterFilesOnly(bytes) === bytes ? bytes : undefined
      } finally {
        await handle.close()
      }
    } catch {
      return undefined
    }
  }

  /** Whether a copy can be filed here: the directory exists (created owner-only) and is trusted. */
  async writable(): Promise<boolean> {
    try {
      await mkdir(this.dir, { recursive: true, mode: 0o700 })
      const dir = await stat(this.dir)
      return dir.isDirectory() && trusted(dir)
    } catch {
      return false
    }
  }

  /** Files `tarball` (already `clusterFilesOnly`); false when it could not (the open goes on). */
  async write(tarball: Uint8Array): Promise<boolean> {
    if (!(await this.writable())) return false
    const temporary = `${this.path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
    try {
      await writeFile(temporary, tarball, { flag: 'wx', mode: 0o600 })
      await rename(temporary, this.path)
      return true
    } catch {
      await rm(temporary, { force: true }).catch(() => undefined)
      return false
    }
  }

  /** Drops a copy that would not boot, so the next fresh store runs initdb and files a new one. */
  async remove(): Promise<void> {
    await rm(this.path, { force: true }).catch(() => undefined)
  }
}

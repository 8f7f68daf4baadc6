import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, relative } from 'node:path'
import { LockedError, StoreError } from '@agent-memory/core'
import { accessDenied } from './accessDenied.js'
import { walkFiles } from './walkFiles.js'

const LOCK_PREFIX = 'agent-memory.lock'

/**
 * Copies a data directory this user may read but not write into a private temporary directory,
 * so PGlite (which writes even to read) can serve searches from it. The copy is writable; the
 * caller opens it read-only and removes it on close. `heldBy` names a live lock holder: its
 * files may be changing, so no copy is made then.
 */
export function copyToSnapshot(dataDir: string, heldBy: string | undefined): string {
  if (heldBy !== undefined) throw new LockedError(dataDir, heldBy)
  const snapshot = mkdtempSync(join(tmpdir(), 'agent-memory-snapshot-'))
  try {
    // Copied by hand: the copy must be writable whatever the modes of the originals.
    walkFiles(dataDir, (source, isDirectory) => {
      const name = basename(source)
      if (name.startsWith(LOCK_PREFIX) || name === 'postmaster.pid') return true
      const target = join(snapshot, relative(dataDir, source))
      if (isDirectory) mkdirSync(target, { mode: 0o700 })
      else {
        copyFileSync(source, target)
        chmodSync(target, 0o600)
      }
      return true
    })
    return snapshot
  } catch (error) {
    rmSync(snapshot, { recursive: true, force: true })
    const code = accessDenied(error)
    if (code === undefined) throw error
    throw new StoreError(
      'permission',
      `the data directory ${dataDir} is not readable by this user: run as its owner, or give this user read access`,
      { code, detail: error instanceof Error ? error.message : String(error) },
    )
  }
}

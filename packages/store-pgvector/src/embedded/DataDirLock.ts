import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { LockedError } from '@agent-memory/core'

interface LockOwner {
  pid: number
  host: string
  startedAt: string
  command: string
}

const LOCK_FILE = 'agent-memory.lock'
/** A lock file still empty or unparsable after this long was left by a crash mid-write. */
const UNREADABLE_GRACE_MS = 10_000

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readOwner(path: string): LockOwner | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return undefined
    return {
      pid: parsed.pid,
      host: parsed.host,
      startedAt: String(parsed.startedAt ?? ''),
      command: String(parsed.command ?? ''),
    }
  } catch {
    return undefined
  }
}

function describe(owner: LockOwner): string {
  return `process ${owner.pid} (${owner.command || 'unknown command'}) on ${owner.host} since ${owner.startedAt}`
}

/**
 * An exclusive lock on an embedded data directory: a file created with O_EXCL holding the
 * owner's pid, host, start time and command. Two PGlite processes on one directory corrupt it
 * (a write was silently lost in a test), so a second opener gets a `LockedError` naming the
 * holder. A lock left by a dead process on this host is stale and taken over.
 */
export class DataDirLock {
  readonly path: string
  #held = false

  private constructor(path: string) {
    this.path = path
  }

  static acquire(dataDir: string): DataDirLock {
    mkdirSync(dataDir, { recursive: true })
    const path = join(dataDir, LOCK_FILE)
    const me: LockOwner = {
      pid: process.pid,
      host: hostname(),
      startedAt: new Date().toISOString(),
      command: process.argv.slice(1, 3).join(' ').slice(0, 200),
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const fd = openSync(path, 'wx', 0o600)
        try {
          writeSync(fd, JSON.stringify(me))
        } finally {
          closeSync(fd)
        }
        const lock = new DataDirLock(path)
        lock.#held = true
        return lock
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      const owner = readOwner(path)
      if (owner === undefined) {
        let age = 0
        try {
          age = Date.now() - statSync(path).mtimeMs
        } catch {
          continue
        }
        if (age < UNREADABLE_GRACE_MS)
          throw new LockedError(dataDir, 'another process (its lock file is being written)')
      } else if (owner.host !== me.host || isAlive(owner.pid)) {
        throw new LockedError(dataDir, describe(owner))
      }
      try {
        unlinkSync(path)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      }
    }
    throw new LockedError(dataDir, 'another process (the lock kept changing hands)')
  }

  /** Removes the lock file if this process still owns it. Safe to call more than once. */
  release(): void {
    if (!this.#held) return
    this.#held = false
    const owner = readOwner(this.path)
    if (owner !== undefined && (owner.pid !== process.pid || owner.host !== hostname())) return
    try {
      unlinkSync(this.path)
    } catch {
      // Already gone: nothing to release.
    }
  }
}

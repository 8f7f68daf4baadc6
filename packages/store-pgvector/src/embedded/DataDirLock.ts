import { randomBytes } from 'node:crypto'
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { LockedError } from '@agent-memory/core'
import { bootId } from './bootId.js'
import { processStartTime } from './processStartTime.js'

/** Who holds a data directory: written into the lock file by the holder. */
export interface LockOwner {
  pid: number
  host: string
  startedAt: string
  command: string
  /** When the owning process started (`processStartTime`): tells a reused pid from the owner. */
  processStart?: string
  /** The machine's boot the owner ran in: a lock from an earlier boot is stale whatever its pid. */
  boot?: string
  /** Unique per acquisition: release and takeover act only on the lock file they judged. */
  nonce?: string
}

interface ReadLock {
  owner: LockOwner | undefined
  text: string
  ino: number
  ageMs: number
}

const LOCK_FILE = 'agent-memory.lock'
/** Held only while a stale lock is replaced: whoever creates it may remove the stale lock file. */
const TAKEOVER_SUFFIX = '.takeover'
/** A lock file still unparsable after this long was left by a crash mid-write (older versions wrote in place). */
const UNREADABLE_GRACE_MS = 10_000
/** A takeover guard takes milliseconds; one this old was left by a process that died inside it. */
const ABANDONED_GUARD_MS = 10_000
/** How long an opener waits for another one's takeover to settle before giving up. */
const CONTENTION_WAIT_MS = 5_000

const pause = new Int32Array(new SharedArrayBuffer(4))
function sleepSync(ms: number): void {
  Atomics.wait(pause, 0, 0, ms)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return undefined
    const optional = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
    const processStart = optional(parsed.processStart)
    const boot = optional(parsed.boot)
    const nonce = optional(parsed.nonce)
    return {
      pid: parsed.pid,
      host: parsed.host,
      startedAt: String(parsed.startedAt ?? ''),
      command: String(parsed.command ?? ''),
      ...(processStart === undefined ? {} : { processStart }),
      ...(boot === undefined ? {} : { boot }),
      ...(nonce === undefined ? {} : { nonce }),
    }
  } catch {
    return undefined
  }
}

/** The lock file as it is now; `undefined` when there is none. */
function readLock(path: string): ReadLock | undefined {
  try {
    const text = readFileSync(path, 'utf8')
    const stat = statSync(path)
    return { owner: parseOwner(text), text, ino: stat.ino, ageMs: Date.now() - stat.mtimeMs }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

function sameLock(a: ReadLock, b: ReadLock | undefined): boolean {
  return b !== undefined && a.ino === b.ino && a.text === b.text
}

/** Whether the process named by a lock still runs: pid alive, same boot, same start time. */
function ownerIsGone(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return false // another machine's process cannot be checked from here
  const boot = bootId()
  if (owner.boot !== undefined && boot !== undefined && owner.boot !== boot) return true
  if (!isAlive(owner.pid)) return true
  if (owner.processStart === undefined) return false
  const start = processStartTime(owner.pid)
  return start !== undefined && start !== owner.processStart
}

function describe(owner: LockOwner): string {
  return `process ${owner.pid} (${owner.command || 'unknown command'}) on ${owner.host} since ${owner.startedAt}`
}

/**
 * Creates `path` holding `content`, or returns false when it exists. The content is written to
 * a private file first and hard-linked into place, so nobody ever reads a half-written lock.
 */
function createExclusive(path: string, content: string, nonce: string): boolean {
  const temporary = `${path}.${process.pid}.${nonce}.tmp`
  writeFileSync(temporary, content, { mode: 0o600 })
  try {
    linkSync(temporary, path)
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error
  } finally {
    try {
      unlinkSync(temporary)
    } catch {
      // Already gone.
    }
  }
  // A filesystem without hard links: O_EXCL create, then write (readers allow a grace period).
  let fd: number
  try {
    fd = openSync(path, 'wx', 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
  try {
    writeSync(fd, content)
  } finally {
    closeSync(fd)
  }
  return true
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path)
  } catch {
    // Already gone.
  }
}

/**
 * Removes a takeover guard left by a process that died inside its takeover. The guard is moved
 * aside first and checked to be the one judged abandoned; a live guard moved by mistake goes back.
 */
function removeAbandonedGuard(guardPath: string, judged: ReadLock, nonce: string): void {
  const aside = `${guardPath}.${process.pid}.${nonce}.abandoned`
  try {
    renameSync(guardPath, aside)
  } catch {
    return
  }
  const moved = readLock(aside)
  if (moved !== undefined && moved.text !== judged.text) {
    try {
      linkSync(aside, guardPath)
    } catch {
      // Someone created a guard meanwhile: theirs stands.
    }
  }
  removeQuietly(aside)
}

/**
 * An exclusive lock on an embedded data directory: a file holding the owner's pid, host, boot,
 * process start time and command. Two PGlite processes on one directory corrupt it (a write was
 * silently lost in a test), so a second opener gets a `LockedError` naming the holder.
 *
 * A lock whose process is gone — dead pid, a pid reused by another process (its start time
 * differs), or an earlier boot — is stale and taken over. The takeover is atomic: only the
 * process that creates the `.takeover` guard may remove the stale file, and only after checking
 * under the guard that it is still the very file it judged stale, so of several openers racing
 * for a stale lock exactly one gets it.
 */
export class DataDirLock {
  readonly path: string
  readonly #nonce: string
  #held = false

  private constructor(path: string, nonce: string) {
    this.path = path
    this.#nonce = nonce
  }

  /** Takes the lock of `dataDir`, taking over a stale one; throws a `LockedError` naming a live holder. */
  static acquire(dataDir: string): DataDirLock {
    mkdirSync(dataDir, { recursive: true })
    const path = join(dataDir, LOCK_FILE)
    const guardPath = `${path}${TAKEOVER_SUFFIX}`
    const nonce = randomBytes(8).toString('hex')
    const boot = bootId()
    const processStart = processStartTime(process.pid)
    const me: LockOwner = {
      pid: process.pid,
      host: hostname(),
      startedAt: new Date().toISOString(),
      command: process.argv.slice(1, 3).join(' ').slice(0, 200),
      ...(processStart === undefined ? {} : { processStart }),
      ...(boot === undefined ? {} : { boot }),
      nonce,
    }
    const content = JSON.stringify(me)
    const held = (): DataDirLock => {
      const lock = new DataDirLock(path, nonce)
      lock.#held = true
      return lock
    }
    const deadline = Date.now() + CONTENTION_WAIT_MS
    for (;;) {
      if (createExclusive(path, content, nonce)) return held()
      const current = readLock(path)
      if (current === undefined) continue
      const waitOrGiveUp = (why: string) => {
        if (Date.now() > deadline) throw new LockedError(dataDir, why)
        sleepSync(5 + Math.random() * 20)
      }
      if (current.owner === undefined) {
        if (current.ageMs < UNREADABLE_GRACE_MS) {
          waitOrGiveUp('another process (its lock file is being written)')
          continue
        }
      } else if (!ownerIsGone(current.owner)) {
        throw new LockedError(dataDir, describe(current.owner), { lockFile: path })
      }
      // Stale: replace it under the takeover guard.
      if (!createExclusive(guardPath, content, nonce)) {
        const guard = readLock(guardPath)
        if (
          guard !== undefined &&
          (guard.ageMs > ABANDONED_GUARD_MS || (guard.owner !== undefined && ownerIsGone(guard.owner)))
        ) {
          removeAbandonedGuard(guardPath, guard, nonce)
        } else {
          waitOrGiveUp('another process (it is taking over a stale lock)')
        }
        continue
      }
      try {
        if (sameLock(current, readLock(path))) {
          removeQuietly(path)
          if (createExclusive(path, content, nonce)) return held()
        }
      } finally {
        removeQuietly(guardPath)
      }
    }
  }

  /** The recorded holder of `dataDir`'s lock, if any (alive or not). */
  static holder(dataDir: string): LockOwner | undefined {
    try {
      return readLock(join(dataDir, LOCK_FILE))?.owner
    } catch {
      return undefined
    }
  }

  /** Who holds the lock of `dataDir` now, if a live process does (for readers that do not lock). */
  static liveHolder(dataDir: string): string | undefined {
    let current: ReadLock | undefined
    try {
      current = readLock(join(dataDir, LOCK_FILE))
    } catch {
      return undefined
    }
    if (current === undefined) return undefined
    if (current.owner === undefined) {
      return current.ageMs < UNREADABLE_GRACE_MS
        ? 'another process (its lock file is being written)'
        : undefined
    }
    return ownerIsGone(current.owner) ? undefined : describe(current.owner)
  }

  /** Removes the lock file if this acquisition still owns it. Safe to call more than once. */
  release(): void {
    if (!this.#held) return
    this.#held = false
    let current: ReadLock | undefined
    try {
      current = readLock(this.path)
    } catch {
      return
    }
    if (current?.owner?.nonce !== this.#nonce) return
    removeQuietly(this.path)
  }
}

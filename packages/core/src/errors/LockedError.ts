import { MemoryError } from './MemoryError.js'

/** An embedded data directory is held by another process. */
export class LockedError extends MemoryError {
  readonly holder: string
  /** The lock file, when deleting it by hand is the way out for a holder that cannot be checked. */
  readonly lockFile: string | undefined
  constructor(path: string, holder: string, options: { lockFile?: string } = {}) {
    super(
      'locked',
      `the data directory ${path} is in use by ${holder}; stop that process or use another --data-dir` +
        (options.lockFile === undefined
          ? ''
          : ` (if no agent-memory process is using it, delete ${options.lockFile})`),
    )
    this.lockFile = options.lockFile
    this.name = 'LockedError'
    this.holder = holder
  }
  /** Whether `error` is a `LockedError`, from this copy of the package or another (compares the reason, not the class). */
  static override isInstance(error: unknown): error is LockedError {
    return MemoryError.isInstance(error) && error.reason === 'locked'
  }
}

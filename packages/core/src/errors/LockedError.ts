import { MemoryError } from './MemoryError.js'

/** An embedded data directory is held by another process. */
export class LockedError extends MemoryError {
  readonly holder: string
  constructor(path: string, holder: string) {
    super(
      'locked',
      `the data directory ${path} is in use by ${holder}; stop that process or use another --data-dir`,
    )
    this.name = 'LockedError'
    this.holder = holder
  }
  static override isInstance(error: unknown): error is LockedError {
    return MemoryError.isInstance(error) && error.reason === 'locked'
  }
}

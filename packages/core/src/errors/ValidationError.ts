import { redactSecrets } from '../text/redactSecrets.js'
import { MemoryError } from './MemoryError.js'

/** Input failed schema validation; `issues` lists every problem as a short sentence. */
export class ValidationError extends MemoryError {
  readonly issues: readonly string[]
  constructor(issues: readonly string[]) {
    super('validation', issues.join('; '))
    this.name = 'ValidationError'
    // Issues are messages too: they may quote input, so they get the same redaction.
    this.issues = issues.map(redactSecrets)
  }
  /** Whether `error` is a `ValidationError`, from this copy of the package or another (compares the reason, not the class). */
  static override isInstance(error: unknown): error is ValidationError {
    return MemoryError.isInstance(error) && error.reason === 'validation'
  }
}

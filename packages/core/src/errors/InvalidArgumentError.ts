import { MemoryError } from './MemoryError.js'

/** A caller passed something unusable (bad namespace, bad limit, unknown option). */
export class InvalidArgumentError extends MemoryError {
  readonly argument: string
  constructor(argument: string, message: string) {
    super('invalid_argument', message)
    this.name = 'InvalidArgumentError'
    this.argument = argument
  }
  /** Whether `error` is an `InvalidArgumentError`, from this copy of the package or another (compares the reason, not the class). */
  static override isInstance(error: unknown): error is InvalidArgumentError {
    return MemoryError.isInstance(error) && error.reason === 'invalid_argument'
  }
}

import { MemoryError } from './MemoryError.js'

/**
 * A vector or an embedder does not match what the store recorded. The message names what is
 * recorded, what was given, and the way out.
 */
export class DimensionMismatchError extends MemoryError {
  readonly recorded: { model?: string; dimensions: number }
  readonly given: { model?: string; dimensions: number }
  constructor(
    recorded: { model?: string; dimensions: number },
    given: { model?: string; dimensions: number },
    message?: string,
  ) {
    const describe = (s: { model?: string; dimensions: number }) =>
      s.model === undefined ? `${s.dimensions} dimensions` : `${s.model} (${s.dimensions} dimensions)`
    super(
      'dimension_mismatch',
      message ??
        `embedder mismatch: the store records ${describe(recorded)} but was given ${describe(given)}; ` +
          're-embed with `agent-memory reembed` (or reembed() from code) to switch models',
    )
    this.name = 'DimensionMismatchError'
    this.recorded = recorded
    this.given = given
  }
  /** Whether `error` is a `DimensionMismatchError`, from this copy of the package or another (compares the reason, not the class). */
  static override isInstance(error: unknown): error is DimensionMismatchError {
    return MemoryError.isInstance(error) && error.reason === 'dimension_mismatch'
  }
}

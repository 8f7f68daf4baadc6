/**
 * Why an expected failure happened, as `--json` error documents name it: `not_found` (no such id
 * in the namespace), `unreachable` (the database could not be reached: worth retrying), `failed`.
 */
export type CliFailureReason = 'not_found' | 'unreachable' | 'failed'

/** An expected failure the CLI explains itself (a missing id, a file it cannot read): exit code 1. */
export class CliFailure extends Error {
  readonly reason: CliFailureReason
  /** Whether running the same command again later may succeed. */
  readonly retryable: boolean
  constructor(message: string, options: { cause?: unknown; reason?: CliFailureReason } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'CliFailure'
    this.reason = options.reason ?? 'failed'
    this.retryable = this.reason === 'unreachable'
  }
}

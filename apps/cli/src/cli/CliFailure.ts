/** An expected failure the CLI explains itself (a missing id, a file it cannot read): exit code 1. */
export class CliFailure extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'CliFailure'
  }
}

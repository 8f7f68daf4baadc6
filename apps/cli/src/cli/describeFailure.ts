import { InvalidArgumentError, MemoryError, redactSecrets, ValidationError } from '@agent-memory/core'
import { CliFailure } from './CliFailure.js'
import { ExitCode } from './ExitCode.js'
import { UsageError } from './UsageError.js'

export interface FailureDescription {
  /** One line, safe to print: secrets redacted, no stack. */
  message: string
  exitCode: ExitCode
  /** The stack and causes, for `--debug` only (also redacted). */
  detail: string
  /** For `--json` error documents: core's error reason, the CLI's own, `usage` or `unexpected`. */
  reason: string
  /** Whether running the same command again later may succeed. */
  retryable: boolean
}

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    // Socket errors from node (often an AggregateError) can come with an empty message.
    if (error.message.trim() !== '') return error.message
    if (typeof code === 'string') return code
    return error.name
  }
  return String(error)
}

function detailOf(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; current !== undefined && depth < 5; depth++) {
    parts.push(
      current instanceof Error ? (current.stack ?? `${current.name}: ${current.message}`) : String(current),
    )
    const detail = (current as { detail?: unknown } | undefined)?.detail
    if (typeof detail === 'string' && detail !== '') parts.push(`detail: ${detail}`)
    current = current instanceof Error ? current.cause : undefined
    if (current !== undefined) parts.push('caused by:')
  }
  return redactSecrets(parts.join('\n'))
}

/** Turns anything thrown into a one-line message and an exit code (2 for usage, 1 otherwise). */
export function describeFailure(error: unknown): FailureDescription {
  const usage =
    error instanceof UsageError || InvalidArgumentError.isInstance(error) || ValidationError.isInstance(error)
  const oneLine = redactSecrets(messageOf(error))
    .replace(/\s*\n\s*/g, ' ')
    .trim()
  const message =
    MemoryError.isInstance(error) || error instanceof CliFailure || usage
      ? oneLine
      : `unexpected failure: ${oneLine}`
  const reason =
    error instanceof UsageError
      ? 'usage'
      : MemoryError.isInstance(error) || error instanceof CliFailure
        ? error.reason
        : 'unexpected'
  const retryable = (MemoryError.isInstance(error) || error instanceof CliFailure) && error.retryable
  return {
    message,
    exitCode: usage ? ExitCode.usage : ExitCode.failure,
    detail: detailOf(error),
    reason,
    retryable,
  }
}

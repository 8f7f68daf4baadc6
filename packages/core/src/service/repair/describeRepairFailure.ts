import { redactSecrets } from '../../text/redactSecrets.js'

/** Longest reason kept: enough for a status and a server's sentence, never a whole body. */
const MAX_REASON_LENGTH = 500

/**
 * The reason a repair attempt failed, as the queue stores it and `get`/`repair` show it: the
 * error's name and first line of message, secrets redacted. Never a stack: the store is read by
 * people and tools that must not see the process's internals or an API key.
 */
export function describeRepairFailure(error: unknown): string {
  const text =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === 'string' && error.trim() !== ''
        ? error
        : 'embedding failed'
  const firstLine = text.split(/\r?\n/, 1)[0]!.trim()
  return redactSecrets(firstLine).slice(0, MAX_REASON_LENGTH)
}

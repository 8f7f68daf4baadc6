import { checkDate } from '@agent-memory/core/checks'
import { InvalidArgumentError } from 'commander'

// Commander reports a thrown InvalidArgumentError as a usage error (exit code 2) naming the option.

/** An ISO 8601 date or date-time (`2025-03-01`, `2025-03-01T12:00:00Z`) that every store can hold. */
export function isoDate(value: string): Date {
  const checked = checkDate(value)
  if ('problem' in checked) throw new InvalidArgumentError(`${checked.problem}.`)
  return checked.date
}

import { InvalidArgumentError } from 'commander'

// Commander reports a thrown InvalidArgumentError as a usage error (exit code 2) naming the option.

/** An ISO 8601 date or date-time (`2025-03-01`, `2025-03-01T12:00:00Z`). */
export function isoDate(value: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim())) {
    throw new InvalidArgumentError('expected an ISO 8601 date such as 2025-03-01 or 2025-03-01T12:00:00Z.')
  }
  const date = new Date(value.trim())
  if (Number.isNaN(date.getTime())) throw new InvalidArgumentError('not a valid calendar date.')
  return date
}

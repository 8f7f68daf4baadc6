import { TIERS, type Tier } from '@agent-memory/core'
import { InvalidArgumentError } from 'commander'

// Commander reports these as usage errors (exit code 2) naming the option and the value.

/** An integer within [min, max]. */
export function integerIn(min: number, max: number): (value: string) => number {
  return (value) => {
    const parsed = Number(value)
    if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
      throw new InvalidArgumentError(`expected an integer from ${min} to ${max}.`)
    }
    return parsed
  }
}

/** A number in [0, 1]. */
export function unitInterval(value: string): number {
  const parsed = Number(value)
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < 0 || parsed > 1) {
    throw new InvalidArgumentError('expected a number from 0 to 1.')
  }
  return parsed
}

export function tier(value: string): Tier {
  if (!(TIERS as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`expected one of ${TIERS.join(', ')}.`)
  }
  return value as Tier
}

/** Repeatable `--tier`: collects into a list. */
export function tierList(value: string, previous: Tier[] | undefined): Tier[] {
  return [...(previous ?? []), tier(value)]
}

/** `a,b` or repeated flags: collects trimmed, non-empty labels. */
export function tagList(value: string, previous: string[] | undefined): string[] {
  const tags = value
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '')
  if (tags.length === 0) throw new InvalidArgumentError('expected one or more comma-separated tags.')
  return [...(previous ?? []), ...tags]
}

/** An ISO 8601 date or date-time (`2025-03-01`, `2025-03-01T12:00:00Z`). */
export function isoDate(value: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim())) {
    throw new InvalidArgumentError('expected an ISO 8601 date such as 2025-03-01 or 2025-03-01T12:00:00Z.')
  }
  const date = new Date(value.trim())
  if (Number.isNaN(date.getTime())) throw new InvalidArgumentError('not a valid calendar date.')
  return date
}

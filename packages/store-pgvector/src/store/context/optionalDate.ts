import { InvalidArgumentError } from '@agent-memory/core'

export function optionalDate(value: Date | undefined, what: string): Date | undefined {
  if (value === undefined) return undefined
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new InvalidArgumentError(what, `${what} must be a valid Date`)
  }
  return value
}

import { InvalidArgumentError } from '@agent-memory/core'

/** An integer option within [min, max], or its default when absent. */
export function positiveInteger(
  name: string,
  value: unknown,
  fallback: number,
  max: number,
  min = 1,
): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidArgumentError(name, `${name} must be an integer from ${min} to ${max}`)
  }
  return value
}

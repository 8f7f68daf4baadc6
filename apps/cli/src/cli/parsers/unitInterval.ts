import { InvalidArgumentError } from 'commander'

// Commander reports a thrown InvalidArgumentError as a usage error (exit code 2) naming the option.

/** A number in [0, 1]. */
export function unitInterval(value: string): number {
  const parsed = Number(value)
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < 0 || parsed > 1) {
    throw new InvalidArgumentError('expected a number from 0 to 1.')
  }
  return parsed
}

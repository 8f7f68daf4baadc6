import { InvalidArgumentError } from '@agent-memory/core'

/** `SearchOptions.idfExponent` checked: 1 when absent, else a number from 0 to 4. */
export function checkIdfExponent(exponent: unknown): number {
  if (exponent === undefined) return 1
  if (typeof exponent !== 'number' || !(exponent >= 0 && exponent <= 4))
    throw new InvalidArgumentError('idfExponent', 'idfExponent must be a number from 0 to 4')
  return exponent
}

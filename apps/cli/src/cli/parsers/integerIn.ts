import { InvalidArgumentError } from 'commander'

// Commander reports a thrown InvalidArgumentError as a usage error (exit code 2) naming the option.

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

import { TIERS, type Tier } from '@agent-memory/core/checks'
import { InvalidArgumentError } from 'commander'

// Commander reports a thrown InvalidArgumentError as a usage error (exit code 2) naming the option.

/** One of the four tiers. */
export function tier(value: string): Tier {
  if (!(TIERS as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`expected one of ${TIERS.join(', ')}.`)
  }
  return value as Tier
}

import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js'
import type { LongQueryOptions } from '../MemoryServiceOptions.js'

/** `MemoryServiceOptions.longQueries` with its defaults (`resolveServiceContext`), checked. */
export function resolveLongQueries(options: LongQueryOptions | undefined): Required<LongQueryOptions> {
  const resolved = {
    minTerms: options?.minTerms ?? 12,
    idfExponent: options?.idfExponent ?? 2,
    candidateFactor: options?.candidateFactor ?? 8,
  }
  if (!(Number.isInteger(resolved.minTerms) && resolved.minTerms >= 0))
    throw new InvalidArgumentError('longQueries', 'longQueries.minTerms must be a whole number, 0 or more')
  if (!(typeof resolved.idfExponent === 'number' && resolved.idfExponent >= 0 && resolved.idfExponent <= 4))
    throw new InvalidArgumentError('longQueries', 'longQueries.idfExponent must be a number from 0 to 4')
  if (!(typeof resolved.candidateFactor === 'number' && resolved.candidateFactor >= 1))
    throw new InvalidArgumentError('longQueries', 'longQueries.candidateFactor must be a number, at least 1')
  return resolved
}

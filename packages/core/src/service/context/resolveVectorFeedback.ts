import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js'
import type { VectorFeedbackOptions } from '../MemoryServiceOptions.js'
import { RANKING_DEFAULTS } from '../RANKING_DEFAULTS.js'

/**
 * `MemoryServiceOptions.vectorFeedback` over the embedder kind's default (`resolveServiceContext`),
 * checked; `null` when feedback is off. A setting left out where the kind's default is off (a
 * lexical embedder) takes the semantic default's value.
 */
export function resolveVectorFeedback(
  options: VectorFeedbackOptions | false | undefined,
  kindDefault: Required<VectorFeedbackOptions> | false,
): Required<VectorFeedbackOptions> | null {
  if (options === false || (options === undefined && kindDefault === false)) return null
  const base = kindDefault || RANKING_DEFAULTS.semantic.vectorFeedback
  const resolved = { hits: options?.hits ?? base.hits, weight: options?.weight ?? base.weight }
  if (!(Number.isInteger(resolved.hits) && resolved.hits >= 1 && resolved.hits <= 20))
    throw new InvalidArgumentError(
      'vectorFeedback',
      'vectorFeedback.hits must be a whole number from 1 to 20',
    )
  if (!(typeof resolved.weight === 'number' && resolved.weight > 0 && resolved.weight <= 4))
    throw new InvalidArgumentError(
      'vectorFeedback',
      'vectorFeedback.weight must be a number above 0, at most 4',
    )
  return resolved
}

import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js'
import type { VectorFeedbackOptions } from '../MemoryServiceOptions.js'

/**
 * `MemoryServiceOptions.vectorFeedback` over the embedder kind's default (`resolveServiceContext`),
 * checked; `null` when feedback is off.
 */
export function resolveVectorFeedback(
  options: VectorFeedbackOptions | false | undefined,
  kindDefault: Required<VectorFeedbackOptions> | false,
): Required<VectorFeedbackOptions> | null {
  if (options === false || (options === undefined && kindDefault === false)) return null
  const resolved = {
    hits: options?.hits ?? (kindDefault ? kindDefault.hits : 3),
    weight: options?.weight ?? (kindDefault ? kindDefault.weight : 0.5),
  }
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

import { InvalidArgumentError } from '../errors/InvalidArgumentError.js'

/** An embedder's argument check: `texts` must be an array of strings (an `InvalidArgumentError` names the first that is not). */
export function checkEmbedTexts(texts: unknown): asserts texts is string[] {
  if (!Array.isArray(texts)) throw new InvalidArgumentError('texts', 'texts must be an array of strings')
  for (let i = 0; i < texts.length; i++) {
    if (typeof texts[i] !== 'string') {
      throw new InvalidArgumentError('texts', `texts[${i}] must be a string, got ${typeof texts[i]}`)
    }
  }
}

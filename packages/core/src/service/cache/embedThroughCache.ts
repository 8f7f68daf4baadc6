import type { Embedder } from '../../spec/Embedder.js'
import { type EmbedBudget, embedWithinBudget } from '../embedWithinBudget.js'
import type { EmbeddingCache } from './EmbeddingCache.js'

/**
 * `embedWithinBudget` for the texts the cache does not hold (each distinct text once), the rest
 * answered from it; what the embedder returns is cached. Vectors come back in `texts` order.
 */
export async function embedThroughCache(
  embedder: Embedder,
  cache: EmbeddingCache,
  texts: string[],
  budget: EmbedBudget,
): Promise<Float32Array[]> {
  const vectors: Array<Float32Array | undefined> = texts.map((text) =>
    cache.get(embedder.model, budget.purpose, text),
  )
  const missing = [...new Set(texts.filter((_, index) => vectors[index] === undefined))]
  if (missing.length > 0) {
    const embedded = await embedWithinBudget(embedder, missing, budget)
    const byText = new Map(missing.map((text, index) => [text, embedded[index]!]))
    for (const [text, vector] of byText) cache.set(embedder.model, budget.purpose, text, vector)
    texts.forEach((text, index) => {
      vectors[index] ??= byText.get(text)
    })
  }
  return vectors as Float32Array[]
}

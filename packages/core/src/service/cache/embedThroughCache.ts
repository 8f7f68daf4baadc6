import type { Embedder } from '../../spec/Embedder.js'
import { type EmbedBudget, embedWithinBudget } from '../embedWithinBudget.js'
import type { EmbeddingCache } from './EmbeddingCache.js'

/**
 * `embedWithinBudget` for the texts the cache does not hold (each distinct text once), the rest
 * answered from it. `lookUp`, when given, is asked first for the texts the cache missed (the store's
 * vectors for content it already holds) and only what it does not answer goes to the embedder;
 * whatever either returns is cached. Vectors come back in `texts` order.
 */
export async function embedThroughCache(
  embedder: Embedder,
  cache: EmbeddingCache,
  texts: string[],
  budget: EmbedBudget,
  lookUp?: (missing: string[]) => Promise<Map<string, Float32Array>>,
): Promise<Float32Array[]> {
  const vectors: Array<Float32Array | undefined> = texts.map((text) =>
    cache.get(embedder, budget.purpose, text),
  )
  let missing = [...new Set(texts.filter((_, index) => vectors[index] === undefined))]
  const found = new Map<string, Float32Array>()
  if (missing.length > 0 && lookUp) {
    for (const [text, vector] of await lookUp(missing)) found.set(text, vector)
    missing = missing.filter((text) => !found.has(text))
  }
  if (missing.length > 0) {
    const embedded = await embedWithinBudget(embedder, missing, budget)
    for (const [index, text] of missing.entries()) found.set(text, embedded[index]!)
  }
  for (const [text, vector] of found) cache.set(embedder, budget.purpose, text, vector)
  texts.forEach((text, index) => {
    vectors[index] ??= found.get(text)
  })
  return vectors as Float32Array[]
}

import type { Embedder, EmbedOptions } from '@agent-memory/core'

/**
 * Wraps an embedder with a cache filled before timing (`prime`), so a timed call costs a map
 * lookup: the tool's latency is measured without the embedding call, as DESIGN §9 W6 asks.
 * Unprimed texts fall through to the inner embedder.
 */
export function precomputedEmbedder(inner: Embedder): Embedder & { prime(texts: string[]): Promise<void> } {
  const cache = new Map<string, Float32Array>()
  return {
    model: inner.model,
    dimensions: inner.dimensions,
    ...(inner.minScore === undefined ? {} : { minScore: inner.minScore }),
    ...(inner.duplicateScore === undefined ? {} : { duplicateScore: inner.duplicateScore }),
    ...(inner.lexical === undefined ? {} : { lexical: inner.lexical }),
    prime: async (texts) => {
      const missing = [...new Set(texts)].filter((t) => !cache.has(t))
      const vectors = await inner.embed(missing)
      for (const [i, t] of missing.entries()) cache.set(t, vectors[i]!)
    },
    embed: async (texts: string[], options?: EmbedOptions) => {
      const missing = texts.filter((t) => !cache.has(t))
      if (missing.length) {
        const vectors = await inner.embed(missing, options)
        for (const [i, t] of missing.entries()) cache.set(t, vectors[i]!)
      }
      return texts.map((t) => cache.get(t)!)
    },
  }
}

import { type Embedder, isLegSearchStore, type Store } from '@agent-memory/core'
import { cosineSimilarity } from '@agent-memory/testkit'
import type { VectorLegVariant } from './VectorLegVariant.js'

function minus(a: Float32Array, b: Float32Array): Float32Array {
  return a.map((value, i) => value - b[i]!)
}

/** The mean of the vectors, times `share`. */
function centreOf(vectors: readonly Float32Array[], dimensions: number, share: number): Float32Array {
  const centre = new Float32Array(dimensions)
  for (const vector of vectors) for (let i = 0; i < dimensions; i++) centre[i]! += vector[i]!
  return centre.map((sum) => (sum / Math.max(1, vectors.length)) * share)
}

/**
 * The store as recall sees it, with its vector legs measured as `variant` says (the keyword leg
 * untouched). The hits' vectors are their texts embedded again: the sweep's embedder is cached on
 * disk, so this costs no model call for a text the ingest embedded. For sweeps only: it reads the
 * vector legs deeper than recall does and re-embeds in process.
 */
export function vectorLegVariantStore<S extends Store>(
  store: S,
  embedder: Embedder,
  variant: VectorLegVariant,
): S {
  if (!isLegSearchStore(store))
    throw new Error('a vector-leg variant needs a store answering the legs together')
  const vectors = new Map<string, Promise<Float32Array>>()
  const vectorOf = (text: string) => {
    let vector = vectors.get(text)
    if (!vector) {
      vector = embedder.embed([text], { purpose: 'document' }).then((out) => out[0]!)
      vectors.set(text, vector)
    }
    return vector
  }
  const searchLegs: typeof store.searchLegs = async (namespace, request) => {
    const query = request.vector
    if (!query) return store.searchLegs(namespace, request)
    const { depth, strength } = variant.centre
    const deep = await store.searchLegs(namespace, {
      ...request,
      vectorLimit: Math.max(request.vectorLimit, depth),
      chunkLimit: request.chunkLimit > 0 ? Math.max(request.chunkLimit, depth) : 0,
    })
    if (!deep) return deep
    const memoryVectors = await Promise.all(deep.vector.map((hit) => vectorOf(hit.memory.content)))
    const centre = centreOf(memoryVectors, query.length, strength)
    const centredQuery = minus(query, centre)
    const chunkVectors = await Promise.all(
      deep.chunk.map((hit) => vectorOf(hit.matchedChunk?.text ?? hit.memory.content)),
    )
    const rescore = (hits: typeof deep.vector, own: readonly Float32Array[], limit: number) =>
      hits
        .map((hit, i) => ({ ...hit, score: cosineSimilarity(centredQuery, minus(own[i]!, centre)) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, limit)
    return {
      vector: rescore(deep.vector, memoryVectors, request.vectorLimit),
      chunk: rescore(deep.chunk, chunkVectors, request.chunkLimit),
      keyword: deep.keyword,
    }
  }
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'searchLegs') return searchLegs
      const value = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

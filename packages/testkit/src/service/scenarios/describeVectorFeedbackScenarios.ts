import type { Store } from '@agent-memory/core'
import { describe, expect, test } from 'vitest'
import type { ServiceScenarioSuite } from './ServiceScenarioSuite.js'

const QUERY = 'Which pet belongs to the user?'
const PET = "The user's pet is a cat named Miso who naps on the warm radiator."
/** Worded like the pet memory, sharing no word with the question. */
const NAPS = 'A cat named Miso naps on the warm radiator every winter afternoon.'
/** Sharing the question's function words, which the keyword leg ignores and the vector leg does not. */
const FUNCTION_WORDS = [
  'Which train goes to the airport?',
  'Which bus runs to the museum?',
  'Which road leads to the harbour?',
]

/**
 * Vector feedback (`MemoryServiceOptions.vectorFeedback`) on a real store: the keyword leg's best
 * hit's stored vector, read in one `Store.storedEmbeddings` call, moves the query, and the memory
 * worded like that hit outranks memories that only share the question's function words. Feedback
 * is set explicitly (the suite's embedder is lexical, for which it is off by default).
 */
export function describeVectorFeedbackScenarios(suite: ServiceScenarioSuite): void {
  const { serviceWith, timeout } = suite
  describe('vector feedback', () => {
    test(
      "the keyword leg's best hit moves the vector legs towards what it is about, read from the store",
      async () => {
        const ns = 'scenario-vector-feedback'
        const reads: string[][] = []
        const counting = (store: Store): Store =>
          new Proxy(store, {
            get(target, property, receiver) {
              const value = Reflect.get(target, property, receiver)
              if (typeof value !== 'function') return value
              if (property !== 'storedEmbeddings') return value.bind(target)
              return (namespace: string, fingerprints: string[], embedder: unknown) => {
                reads.push(fingerprints)
                return value.call(target, namespace, fingerprints, embedder)
              }
            },
          })
        const plain = serviceWith({ vectorFeedback: false })
        await plain.memory.rememberMany(
          ns,
          [PET, NAPS, ...FUNCTION_WORDS].map((content) => ({ content })),
        )
        const before = await plain.memory.recall(ns, QUERY, { limit: 3 })
        expect(before.hits[0]?.memory.content).toBe(PET)
        expect(before.hits.map((hit) => hit.memory.content)).not.toContain(NAPS)

        const fed = serviceWith({ vectorFeedback: { hits: 1, weight: 1 } }, counting)
        const after = await fed.memory.recall(ns, QUERY, { limit: 3 })
        expect(after.hits.map((hit) => hit.memory.content).slice(0, 2)).toEqual([PET, NAPS])
        expect(after.hits[1]?.sources).toContain('vector')
        // One read, of the best keyword hit; the query was the only text embedded.
        expect(reads).toEqual([[after.hits[0]!.memory.fingerprint]])
        expect(fed.embedder.seen).toEqual([QUERY])
        expect(fed.errors).toEqual([])
        // What a threshold compares is still the cosine with the question itself.
        const naps = (await fed.memory.recall(ns, QUERY, { limit: 10, mode: 'vector' })).hits.find(
          (hit) => hit.memory.content === NAPS,
        )
        expect(after.hits[1]?.scores.semantic ?? 0).toBeCloseTo(naps?.scores.semantic ?? 0, 6)
      },
      timeout,
    )
  })
}

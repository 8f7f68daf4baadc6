import { createMemory, type LegSearchStore, type Store } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedBackend } from '../ours/embeddedBackend.js'
import { vectorLegVariantStore } from './vectorLegVariantStore.js'

const embedder = createHashingEmbedder()
const NAMESPACE = 'variant'
// Every memory opens with the same greeting; only the subject differs.
const TEXTS = [
  'Hello there, hello there, I love hiking in the mountains',
  'Hello there, hello there, I bake sourdough bread on Sundays',
  'Hello there, hello there, my cat is called Miso',
  'Hello there, hello there, we planted tomatoes in the garden',
  'The mountains were quiet',
]

describe('vectorLegVariantStore', () => {
  let store: Store & LegSearchStore
  let close: () => Promise<void>
  beforeAll(async () => {
    const opened = await embeddedBackend(embedder.model).open('variant', embedder.dimensions)
    store = opened.store as Store & LegSearchStore
    close = opened.close
    const memory = createMemory({ store, embedder })
    await memory.rememberMany(
      NAMESPACE,
      TEXTS.map((content) => ({ content })),
    )
    await memory.close()
  })
  afterAll(async () => close?.())

  const request = async (query: string) => ({
    vector: (await embedder.embed([query], { purpose: 'query' }))[0]!,
    query,
    vectorLimit: 5,
    chunkLimit: 0,
    keywordLimit: 3,
  })

  it('at strength 0, the store’s own cosines from the texts embedded again', async () => {
    const asked = await request('hello there, any mountains?')
    const own = await store.searchLegs(NAMESPACE, asked)
    const again = await vectorLegVariantStore(store, embedder, {
      centre: { depth: 10, strength: 0 },
    }).searchLegs(NAMESPACE, asked)
    expect(again!.vector.map((h) => h.memory.id)).toEqual(own!.vector.map((h) => h.memory.id))
    for (const [i, hit] of again!.vector.entries()) expect(hit.score).toBeCloseTo(own!.vector[i]!.score, 5)
    expect(again!.keyword).toEqual(own!.keyword)
  })

  it('about the centre, what every memory shares stops counting: the subject leads', async () => {
    const asked = await request('hello there, any mountains?')
    const own = await store.searchLegs(NAMESPACE, asked)
    const centred = await vectorLegVariantStore(store, embedder, {
      centre: { depth: 10, strength: 1 },
    }).searchLegs(NAMESPACE, asked)
    // The store's cosines rank the one memory without the greeting last, though it is on mountains.
    expect(own!.vector.at(-1)!.memory.content).toBe(TEXTS[4])
    expect(centred!.vector.slice(0, 2).map((h) => h.memory.content)).toEqual([TEXTS[0], TEXTS[4]])
    expect(centred!.keyword).toEqual(own!.keyword)
  })
})

import { createMemory, type MemoryService } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { InMemoryStore } from '@agent-memory/testkit'
import { type SwitchableEmbedder, switchableEmbedder } from './switchableEmbedder.js'

/**
 * The real service on the reference in-memory store and the offline hashing embedder (behind a
 * switch that can take it down). Small vectors keep tests quick; the behaviour is the same.
 */
export function createTestMemory(): {
  memory: MemoryService
  embedder: SwitchableEmbedder
  store: InMemoryStore
} {
  const dimensions = 256
  const store = new InMemoryStore({ dimensions })
  const embedder = switchableEmbedder(createHashingEmbedder({ dimensions }))
  return { memory: createMemory({ store, embedder }), embedder, store }
}

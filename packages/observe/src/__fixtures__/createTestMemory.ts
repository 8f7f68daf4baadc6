import { createMemory, type MemoryService } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { InMemoryStore, type SwitchableEmbedder, switchableEmbedder } from '@agent-memory/testkit'

/**
 * The real service on the reference in-memory store and the offline hashing embedder (behind a
 * switch that can take it down), on a clock the test moves.
 */
export function createTestMemory(start = new Date('2026-01-01T00:00:00Z')): {
  memory: MemoryService
  embedder: SwitchableEmbedder
  store: InMemoryStore
  clock: { now: Date; advance(ms: number): void }
} {
  const clock = {
    now: start,
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms)
    },
  }
  const dimensions = 256
  const store = new InMemoryStore({ dimensions, now: () => clock.now })
  const embedder = switchableEmbedder(createHashingEmbedder({ dimensions }))
  const memory = createMemory({ store, embedder: embedder.embedder, options: { now: () => clock.now } })
  return { memory, embedder, store, clock }
}

// The memory every round trip runs against: the real service on the embedded store (in memory) with
// the offline hashing embedder, seeded for two look-alike users.
import { createMemory, type MemoryService } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { openEmbeddedStore } from '@agent-memory/store-pgvector'

export const FACT = 'The user is vegetarian and avoids all meat'

export async function seededMemory(): Promise<{ memory: MemoryService; close: () => Promise<void> }> {
  const embedder = createHashingEmbedder()
  const store = await openEmbeddedStore({ model: embedder.model, dimensions: embedder.dimensions })
  const memory = createMemory({ store, embedder })
  await memory.remember('u1', { content: FACT })
  await memory.remember('u10', { content: 'The user of account u10 eats steak every day' })
  return { memory, close: () => store.close() }
}

export function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(`round trip: ${message}`)
}

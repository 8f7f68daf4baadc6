import type { MemoryService } from '@agent-memory/core'

/** How an `AgentMemoryStore` is built. */
export interface AgentMemoryStoreOptions {
  /** The memory service (`createMemory({ store, embedder })`): its store holds the items, its embedder indexes them. */
  memory: MemoryService
  /**
   * The parts of a value that are embedded and indexed for keywords, as LangGraph's `index.fields`
   * (`'$'` is the whole value; `'a.b'`, `'a[*].b'` name fields). Default `['$']`. `put`'s `index`
   * overrides it per item.
   */
  index?: { fields?: string[] }
}

import type { MemoryService } from '@agent-memory/core'

/** What every operation of `AgentMemoryStore` reads: the service and the fields an item is indexed by. */
export interface StoreContext {
  memory: MemoryService
  /** The default of `put`'s `index`: `['$']` (the whole value) unless the store was given fields. */
  fields: readonly string[]
}

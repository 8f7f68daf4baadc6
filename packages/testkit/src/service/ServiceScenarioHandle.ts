import type { Store } from '@agent-memory/core'

/** What a `ServiceScenarioFactory` returns: the store the scenarios share and how to clean it up. */
export interface ServiceScenarioHandle {
  store: Store
  /** Closes the store and removes what the factory created. */
  cleanup(): Promise<void>
}

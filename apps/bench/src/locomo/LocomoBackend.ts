import type { Store } from '@agent-memory/core'

/** Where the evaluation stores memories: a fresh, empty store per variant. */
export interface LocomoBackend {
  name: string
  open(tag: string, dimensions: number): Promise<{ store: Store; close(): Promise<void> }>
}

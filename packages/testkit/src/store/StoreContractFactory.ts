import type { ChunkStore, RepairStore, Store } from '@agent-memory/core'

/** A store under contract test: all three interfaces. */
export type ContractStore = Store & ChunkStore & RepairStore

/** The embedder identity a store is opened for. */
export interface EmbedderIdentity {
  model: string
  dimensions: number
}

export interface StoreContractHandle {
  store: ContractStore
  /**
   * Opens the same storage again for another embedder identity. Stores that record their
   * embedder reject a different model or dimension with `DimensionMismatchError`; the suite
   * closes whatever this resolves to. Omit it for stores without a recorded embedder (the
   * suite then has no "model mismatch on open" case for that store).
   */
  reopen?: (embedder: EmbedderIdentity) => Promise<ContractStore>
  /** Closes the store and removes what the factory created. */
  cleanup(): Promise<void>
}

/** Opens a fresh, empty store for `embedder` (each call gets its own isolated storage). */
export type StoreContractFactory = (embedder: EmbedderIdentity) => Promise<StoreContractHandle>

import type { axisVector } from '../contractVectors.js'
import type { ContractStore, StoreContractFactory } from '../StoreContractFactory.js'

/** What every concern of the store contract runs against (see `openContractSuite`). */
export interface ContractSuite {
  /** The shared store, set before the first case runs. */
  readonly store: ContractStore
  /** For cases that need storage of their own (reopening). */
  readonly factory: StoreContractFactory
  /** The embedder model the store is opened for. */
  readonly model: string
  readonly dims: number
  /**
   * Ids are unique per namespace only (a distributed store: the same id may name one memory in each
   * namespace) rather than across namespaces (an id another namespace holds is a conflict).
   */
  readonly idsUniquePerNamespace: boolean
  /** A unit vector along `axis`, optionally mixed towards the next axis (see `axisVector`). */
  v(axis: number, mix?: number): ReturnType<typeof axisVector>
}

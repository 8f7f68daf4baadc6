import type { NodeAddress } from './NodeAddress.js'

/** A database of the bench's own on every node of a Citus cluster, its workers registered. */
export interface ClusterDatabase {
  /** The coordinator's connection string for it. */
  url: string
  coordinator: NodeAddress
  workers: NodeAddress[]
  /** Prepares the database on one more node (then `citus_add_node` it); `drop` drops it there too. */
  prepareNode(node: NodeAddress): Promise<void>
  /** Drops the database on the coordinator first, then on every worker and prepared node. */
  drop(): Promise<void>
}

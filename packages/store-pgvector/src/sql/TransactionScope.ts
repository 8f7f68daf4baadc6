/**
 * What a transaction touches, so an executor with a read replica can route it (the others ignore
 * it). `namespace` undefined: every namespace, unless `namespaces` names the several it touches
 * (a write of many users' rows in one statement counts as a write to each of them, no other). A
 * transaction without a scope runs on the primary and, when it wrote, counts as a write to every
 * namespace. `settings` are set for the transaction
 * only (`set_config(…, true)`), with its BEGIN: on PostgreSQL in the same round trip.
 */
export interface TransactionScope {
  access: 'read' | 'write'
  namespace: string | undefined
  namespaces?: readonly string[]
  /**
   * The work's statements with parameters may run as server-side prepared statements (parsed and
   * planned once per connection, `PoolExecutor`'s `preparedStatements`): only for work whose plans
   * suit every namespace it may run for, such as a recall of a namespace small enough to be
   * scanned exactly. Ignored elsewhere.
   */
  prepared?: boolean
  settings?: TransactionSettings
}

/** Server settings local to one transaction: names and values are the store's own, never user input. */
export type TransactionSettings = Readonly<Record<string, string>>

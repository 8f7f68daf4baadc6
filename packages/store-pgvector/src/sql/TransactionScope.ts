/**
 * What a transaction touches, so an executor with a read replica can route it (the others ignore
 * it). `namespace` undefined: every namespace. A transaction without a scope runs on the primary
 * and, when it wrote, counts as a write to every namespace.
 */
export interface TransactionScope {
  access: 'read' | 'write'
  namespace: string | undefined
}

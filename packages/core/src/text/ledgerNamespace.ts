import { createHash } from 'node:crypto'

/**
 * The namespace holding `namespace`'s observe ledger: a fixed-length derived name, so it fits the
 * 256-character limit whatever the user's namespace is, and never mixes ledger rows into the
 * user's own recall, list or `memory_search`.
 */
export function ledgerNamespace(namespace: string): string {
  return `observe-ledger:${createHash('sha256').update(namespace).digest('hex').slice(0, 40)}`
}

import { fingerprint, ledgerNamespace, type MemoryService } from '@agent-memory/core'
import type { ObserveLedger } from './ObserveLedger.js'

const entry = (key: string) => `observed message ${key}`

/**
 * The default ledger: one durable row per observed message, in a namespace derived from the
 * user's (`ledgerNamespace`), written through the service and looked up by exact fingerprint. It
 * lives in the same store as the memories, so it survives restarts and follows the data.
 */
export function serviceLedger(memory: MemoryService): ObserveLedger {
  return {
    async seen(namespace, keys) {
      const ns = ledgerNamespace(namespace)
      const found = new Set<string>()
      for (const key of keys) {
        const row = await memory.store.findByFingerprint(ns, 'procedural', fingerprint(entry(key)))
        if (row) found.add(key)
      }
      return found
    },
    async record(namespace, keys) {
      if (keys.length === 0) return
      await memory.rememberMany(
        ledgerNamespace(namespace),
        keys.map((key) => ({ content: entry(key), tier: 'procedural' as const, importance: 0 })),
      )
    },
  }
}

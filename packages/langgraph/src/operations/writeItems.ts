import type { MemoryInput } from '@agent-memory/core'
import type { PutOperation } from '@langchain/langgraph-checkpoint'
import { toMemoryNamespace } from '../namespace/toMemoryNamespace.js'
import { findItemMemory } from './findItemMemory.js'
import type { StoreContext } from './StoreContext.js'
import { toMemoryInput } from './toMemoryInput.js'

/**
 * A run of puts and deletes: the last operation on a key wins (as in LangGraph's stores), the
 * writes of one namespace go in one `rememberMany` (embedded together, one transaction), and a
 * delete removes the memory for good. Every input is checked before anything is written.
 */
export async function writeItems(context: StoreContext, operations: readonly PutOperation[]): Promise<void> {
  const last = new Map<string, { namespace: string; operation: PutOperation }>()
  for (const operation of operations) {
    const namespace = toMemoryNamespace(operation.namespace)
    last.set(JSON.stringify([namespace, operation.key]), { namespace, operation })
  }
  const writes = new Map<string, Array<MemoryInput & { id: string }>>()
  const deletes: Array<{ namespace: string; key: string }> = []
  for (const { namespace, operation } of last.values()) {
    if (operation.value === null) {
      deletes.push({ namespace, key: operation.key })
      continue
    }
    const input = toMemoryInput(context, namespace, operation.key, operation.value, operation.index)
    writes.set(namespace, [...(writes.get(namespace) ?? []), input])
  }
  for (const [namespace, inputs] of writes) await context.memory.rememberMany(namespace, inputs)
  for (const { namespace, key } of deletes) {
    const memory = await findItemMemory(context, namespace, key)
    if (memory !== null) await context.memory.forget(namespace, memory.id)
  }
}

import type { EraseSummary, ExportRecord } from '@agent-memory/core'
import {
  BaseStore,
  type Item,
  type Operation,
  type OperationResults,
  type PutOperation,
} from '@langchain/langgraph-checkpoint'
import type { AgentMemoryStoreOptions } from './AgentMemoryStoreOptions.js'
import { memoryIdFor } from './items/memoryIdFor.js'
import { toItem } from './items/toItem.js'
import { toMemoryNamespace } from './namespace/toMemoryNamespace.js'
import { validateLangGraphNamespace } from './namespace/validateLangGraphNamespace.js'
import { findItemMemory } from './operations/findItemMemory.js'
import { getItem } from './operations/getItem.js'
import { listNamespaces } from './operations/listNamespaces.js'
import type { StoreContext } from './operations/StoreContext.js'
import { searchItems } from './operations/searchItems.js'
import { toMemoryInput } from './operations/toMemoryInput.js'
import { writeItems } from './operations/writeItems.js'

/**
 * agent-memory as a LangGraph store: `graph.compile({ store })` or `createReactAgent({ store })`.
 *
 * A namespace tuple is one agent-memory namespace (`['users', 'u1']` is `users/u1`), so the
 * user in it, taken from the graph's config by the node or tool that builds the tuple, is the
 * isolation boundary of every read and write. An item is a memory: its text (the `index` fields)
 * embedded and indexed for keywords, its value kept as the memory's metadata. `search` with a
 * `query` is agent-memory's hybrid recall; without one, the newest items. What LangGraph's
 * interface has no word for is here as methods: `history` and `supersede` (a fact replaced keeps
 * its past), `exportNamespace` and `eraseNamespace` (a user's data out, or gone).
 *
 * The store never closes the service or its store: they are the application's.
 */
export class AgentMemoryStore extends BaseStore {
  private readonly context: StoreContext

  constructor(options: AgentMemoryStoreOptions) {
    super()
    this.context = { memory: options.memory, fields: options.index?.fields ?? ['$'] }
  }

  /**
   * Runs operations in order, consecutive puts and deletes together (the last one on a key wins),
   * so a read after a put in the same batch sees it. Every put is checked before anything runs:
   * one bad namespace or value fails the batch and writes nothing.
   */
  async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    for (const operation of operations) {
      if (!isPut(operation)) continue
      validateLangGraphNamespace(operation.namespace)
      const namespace = toMemoryNamespace(operation.namespace)
      if (operation.value !== null) {
        toMemoryInput(this.context, namespace, operation.key, operation.value, operation.index)
      }
    }
    const results: unknown[] = []
    for (let i = 0; i < operations.length; ) {
      const operation = operations[i]!
      if (isPut(operation)) {
        let end = i
        while (end < operations.length && isPut(operations[end]!)) end += 1
        await writeItems(this.context, operations.slice(i, end) as PutOperation[])
        for (; i < end; i++) results.push(undefined)
        continue
      }
      if ('namespacePrefix' in operation) results.push(await searchItems(this.context, operation))
      else if ('key' in operation) results.push(await getItem(this.context, operation))
      else results.push(await listNamespaces(this.context, operation))
      i += 1
    }
    return results as OperationResults<Op>
  }

  /**
   * Replaces the item under `key` with a new item under `newKey`, keeping the old one as history
   * rather than overwriting it (a `put` on the same key updates in place): reads and searches see
   * only the new item, `history` sees both. Throws when `key` holds no live item.
   */
  async supersede(
    namespace: string[],
    key: string,
    newKey: string,
    value: Record<string, unknown>,
    index?: false | string[],
  ): Promise<void> {
    validateLangGraphNamespace(namespace)
    const target = toMemoryNamespace(namespace)
    const old = await findItemMemory(this.context, target, key)
    if (old === null)
      throw new RangeError(`supersede: no item ${JSON.stringify(key)} in ${JSON.stringify(namespace)}`)
    await this.context.memory.supersede(
      target,
      old.id,
      toMemoryInput(this.context, target, newKey, value, index),
    )
  }

  /** The items an item replaced and was replaced by (`supersede`), oldest first; empty when the key holds none. */
  async history(namespace: string[], key: string): Promise<Item[]> {
    const target = toMemoryNamespace(namespace)
    const { memory } = this.context
    const found = (await memory.get(target, memoryIdFor(target, key))) ?? (await memory.get(target, key))
    if (found === null) return []
    return (await this.context.memory.history(target, found.id)).map(toItem)
  }

  /**
   * Every item of the namespace, live and superseded, as agent-memory export records (a header,
   * then one record per memory): what `agent-memory import` reads back. Needs a store that
   * exports (the PostgreSQL and embedded stores do).
   */
  exportNamespace(namespace: string[], options?: { vectors?: boolean }): AsyncIterable<ExportRecord> {
    return this.context.memory.exportNamespace(toMemoryNamespace(namespace), options)
  }

  /**
   * Removes every item of the namespace (exactly this tuple, not those below it) from every table
   * of the store, and returns the counts. Irreversible.
   */
  eraseNamespace(namespace: string[]): Promise<EraseSummary> {
    return this.context.memory.eraseNamespace(toMemoryNamespace(namespace))
  }
}

function isPut(operation: Operation): operation is PutOperation {
  return 'value' in operation
}

import type { GetOperation, Item } from '@langchain/langgraph-checkpoint'
import { toItem } from '../items/toItem.js'
import { toMemoryNamespace } from '../namespace/toMemoryNamespace.js'
import { findItemMemory } from './findItemMemory.js'
import type { StoreContext } from './StoreContext.js'

/** `get`: the item under the key, or null. */
export async function getItem(context: StoreContext, operation: GetOperation): Promise<Item | null> {
  const memory = await findItemMemory(context, toMemoryNamespace(operation.namespace), operation.key)
  return memory === null ? null : toItem(memory)
}

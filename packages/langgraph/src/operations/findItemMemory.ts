import type { Memory } from '@agent-memory/core'
import { ITEM_KEY_FIELD } from '../items/ITEM_KEY_FIELD.js'
import { memoryIdFor } from '../items/memoryIdFor.js'
import { isLive } from './isLive.js'
import type { StoreContext } from './StoreContext.js'

/**
 * The live memory behind a LangGraph key: the item written under it, else a memory written
 * another way whose id is the key (how `toItem` shows those). Null when there is neither.
 */
export async function findItemMemory(
  context: StoreContext,
  namespace: string,
  key: string,
): Promise<Memory | null> {
  const now = new Date()
  const written = await context.memory.get(namespace, memoryIdFor(namespace, key))
  if (written !== null) return isLive(written, now) ? written : null
  const other = await context.memory.get(namespace, key)
  if (other === null || typeof other.metadata[ITEM_KEY_FIELD] === 'string') return null
  return isLive(other, now) ? other : null
}

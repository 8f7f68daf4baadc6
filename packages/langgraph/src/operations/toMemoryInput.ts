import { InvalidArgumentError, type MemoryInput } from '@agent-memory/core'
import { ITEM_KEY_FIELD } from '../items/ITEM_KEY_FIELD.js'
import { itemText } from '../items/itemText.js'
import { memoryIdFor } from '../items/memoryIdFor.js'
import type { StoreContext } from './StoreContext.js'

/**
 * What a `put` writes: the item's text as the memory's content (embedded and indexed for
 * keywords), its value as the metadata with the key beside it, under the item's stable id.
 */
export function toMemoryInput(
  context: StoreContext,
  namespace: string,
  key: string,
  value: Record<string, unknown>,
  index: false | string[] | undefined,
): MemoryInput & { id: string } {
  if (typeof key !== 'string' || key === '') {
    throw new InvalidArgumentError('key', 'an item key must be a non-empty string')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidArgumentError('value', `the value of item ${JSON.stringify(key)} must be an object`)
  }
  if (Object.hasOwn(value, ITEM_KEY_FIELD)) {
    throw new InvalidArgumentError(
      'value',
      `the field ${ITEM_KEY_FIELD} of a value is reserved for the item's key`,
    )
  }
  // `index: false` still stores the whole value as the text: every agent-memory memory is
  // searchable by its content, so the item is found by a query like any other.
  const fields = Array.isArray(index) ? index : context.fields
  const text = itemText(value, fields)
  return {
    id: memoryIdFor(namespace, key),
    content: text === '' ? key : text,
    metadata: { ...value, [ITEM_KEY_FIELD]: key },
  }
}

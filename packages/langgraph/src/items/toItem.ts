import type { Memory } from '@agent-memory/core'
import type { Item } from '@langchain/langgraph-checkpoint'
import { fromMemoryNamespace } from '../namespace/fromMemoryNamespace.js'
import { ITEM_KEY_FIELD } from './ITEM_KEY_FIELD.js'

/**
 * A memory as a LangGraph item. One written through the store gives back its key and value; one
 * written another way (the tools, `remember`, the CLI) appears under its memory id with its
 * content and metadata as the value, so a graph sees what the user's other agents remembered.
 */
export function toItem(memory: Memory): Item {
  const { [ITEM_KEY_FIELD]: key, ...fields } = memory.metadata
  const written = typeof key === 'string'
  return {
    namespace: fromMemoryNamespace(memory.namespace),
    key: written ? key : memory.id,
    value: written ? fields : { content: memory.content, ...fields },
    createdAt: memory.createdAt,
    updatedAt: memory.updatedAt,
  }
}

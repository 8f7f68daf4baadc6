import { createHash } from 'node:crypto'

/**
 * The memory id of a LangGraph item: agent-memory ids are unique across namespaces, LangGraph keys
 * only within one, so the id is a hash of both (the same item always has the same id, and `get`
 * is one look-up by id).
 */
export function memoryIdFor(namespace: string, key: string): string {
  const digest = createHash('sha256').update(namespace).update('\u0000').update(key).digest('base64url')
  return `lg_${digest.slice(0, 32)}`
}

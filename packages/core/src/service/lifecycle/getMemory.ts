import type { Memory } from '../../model/Memory.js'
import { checkNamespaceAndId } from '../context/checkNamespaceAndId.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { withDecayedConfidence } from '../withDecayedConfidence.js'

/** `MemoryService.get`: one memory by id in its namespace (whatever its liveness), or null. */
export async function getMemory(
  context: ServiceContext,
  namespace: string,
  id: string,
): Promise<Memory | null> {
  const memory = await context.store.get(checkNamespaceAndId(namespace, id), id)
  return memory && withDecayedConfidence(memory, context.now(), context.confidenceDecay)
}

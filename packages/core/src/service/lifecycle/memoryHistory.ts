import type { Memory } from '../../model/Memory.js'
import { checkNamespaceAndId } from '../context/checkNamespaceAndId.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { withDecayedConfidence } from '../withDecayedConfidence.js'

/** `MemoryService.history`: the supersession chain through a memory, oldest first. */
export async function memoryHistory(
  context: ServiceContext,
  namespace: string,
  id: string,
): Promise<Memory[]> {
  const chain = await context.store.history(checkNamespaceAndId(namespace, id), id)
  const now = context.now()
  return chain.map((memory) => withDecayedConfidence(memory, now, context.confidenceDecay))
}

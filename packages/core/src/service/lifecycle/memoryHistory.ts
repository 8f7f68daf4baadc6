import type { Memory } from '../../model/Memory.js'
import { checkNamespaceAndId } from '../context/checkNamespaceAndId.js'
import type { ServiceContext } from '../context/ServiceContext.js'

/** `MemoryService.history`: the supersession chain through a memory, oldest first. */
export async function memoryHistory(
  context: ServiceContext,
  namespace: string,
  id: string,
): Promise<Memory[]> {
  return context.store.history(checkNamespaceAndId(namespace, id), id)
}

import type { Memory } from '../../model/Memory.js'
import { checkNamespaceAndId } from '../context/checkNamespaceAndId.js'
import type { ServiceContext } from '../context/ServiceContext.js'

/** `MemoryService.get`: one memory by id in its namespace (whatever its liveness), or null. */
export async function getMemory(
  context: ServiceContext,
  namespace: string,
  id: string,
): Promise<Memory | null> {
  return context.store.get(checkNamespaceAndId(namespace, id), id)
}

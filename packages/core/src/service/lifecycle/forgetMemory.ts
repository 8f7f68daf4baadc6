import { checkNamespaceAndId } from '../context/checkNamespaceAndId.js'
import type { ServiceContext } from '../context/ServiceContext.js'

/** `MemoryService.forget`: hard delete (chunks go with it); whether the memory existed. */
export async function forgetMemory(context: ServiceContext, namespace: string, id: string): Promise<boolean> {
  return (await context.store.delete(checkNamespaceAndId(namespace, id), [id])) > 0
}

import { checkNamespaceAndId } from '../context/checkNamespaceAndId.js'
import type { ServiceContext } from '../context/ServiceContext.js'

/** `MemoryService.unlink`: removes the link between two memories, both ways; whether there was one. */
export async function unlinkMemories(
  context: ServiceContext,
  namespace: string,
  fromId: string,
  toId: string,
): Promise<boolean> {
  const ns = checkNamespaceAndId(namespace, fromId)
  checkNamespaceAndId(ns, toId)
  const [forward, backward] = await Promise.all([
    context.store.removeLink(ns, fromId, toId),
    context.store.removeLink(ns, toId, fromId),
  ])
  return forward || backward
}

import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js'
import { ValidationError } from '../../errors/ValidationError.js'
import type { Memory } from '../../model/Memory.js'
import { checkNamespaceAndId } from '../context/checkNamespaceAndId.js'
import { isLive } from '../context/isLive.js'
import type { ServiceContext } from '../context/ServiceContext.js'

/**
 * `MemoryService.link`: records that two live memories of the namespace are related, on both of
 * them (recall of either brings the other; superseding either lists the other as possibly stale).
 * Nothing is re-embedded.
 */
export async function linkMemories(
  context: ServiceContext,
  namespace: string,
  fromId: string,
  toId: string,
): Promise<void> {
  const ns = checkNamespaceAndId(namespace, fromId)
  checkNamespaceAndId(ns, toId)
  if (fromId === toId) throw new ValidationError(['toId: a memory cannot be linked to itself'])
  const at = context.now()
  const [from, to] = await Promise.all([context.store.get(ns, fromId), context.store.get(ns, toId)])
  checkLinkable('fromId', fromId, from, at)
  checkLinkable('toId', toId, to, at)
  const linked =
    (await context.store.addLink(ns, fromId, toId)) && (await context.store.addLink(ns, toId, fromId))
  // Both were there a moment ago: one went meanwhile (forgotten or swept).
  if (!linked) throw new InvalidArgumentError('toId', 'one of the memories was removed while linking')
}

function checkLinkable(argument: string, id: string, memory: Memory | null, at: Date): void {
  const name = JSON.stringify(id)
  if (memory === null) throw new InvalidArgumentError(argument, `no memory ${name} in this namespace`)
  if (memory.supersededBy !== null) {
    throw new InvalidArgumentError(
      argument,
      `memory ${name} is superseded by ${JSON.stringify(memory.supersededBy)}: link the current version`,
    )
  }
  if (!isLive(memory, at))
    throw new InvalidArgumentError(
      argument,
      `memory ${name} is no longer live (expired or out of its validity window)`,
    )
}

import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js'
import type { MemoryInput } from '../../model/MemoryInput.js'
import { checkNamespaceAndId } from '../context/checkNamespaceAndId.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import type { RememberResult } from '../MemoryService.js'
import { writeMany } from '../remember/writeMany.js'

/** `MemoryService.supersede`: stores `replacement` (valid from its validFrom, or now) and tombstones `oldId`, whose validity ends there. */
export async function supersedeMemory(
  context: ServiceContext,
  namespace: string,
  oldId: string,
  replacement: MemoryInput,
): Promise<RememberResult> {
  const ns = checkNamespaceAndId(namespace, oldId)
  const old = await context.store.get(ns, oldId)
  if (!old) throw new InvalidArgumentError('oldId', `no memory ${JSON.stringify(oldId)} in this namespace`)
  const at = context.now()
  const [result] = await writeMany(context, ns, [replacement], false, {
    dedup: false,
    defaultValidFrom: at,
    similar: true,
  })
  // The old fact's window closes where the replacement's opens (its validFrom as stored: given,
  // or now), so an `asOf` query finds exactly one of the two on either side of that instant.
  const stored = await context.store.get(ns, result!.id)
  await context.store.supersede(ns, oldId, result!.id, stored?.validFrom ?? at)
  // The fact it replaces is no longer live: not a near-duplicate to report.
  const similar = result!.similar?.filter((hit) => hit.id !== oldId)
  const { similar: _found, ...rest } = result!
  return similar && similar.length > 0 ? { ...rest, similar } : rest
}

import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js'
import type { Memory } from '../../model/Memory.js'
import { uuidv7 } from '../../text/uuidv7.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import type { RememberResult } from '../MemoryService.js'
import { duplicateKey } from './duplicateKey.js'
import { embedAndStore } from './embedAndStore.js'
import { findLiveDuplicates } from './findLiveDuplicates.js'
import { findSimilar } from './findSimilar.js'
import { prepareWrites } from './prepareWrites.js'
import { reinforceDuplicates } from './reinforceDuplicates.js'
import type { StoreItem } from './StoreItem.js'
import { toWrite } from './toWrite.js'

/**
 * The write path of `remember`, `rememberMany` and `supersede`: prepare every input → with
 * `dedup`, an exact duplicate (same namespace, tier, fingerprint, live; or earlier in the batch)
 * of a fresh write reinforces the existing memory instead (found in one look-up for the batch)
 * → embed what needs a vector, outside any transaction, overlapped with storing the previous
 * slice (`embedAndStore`). An embedder failure or timeout stores the memories `pending`
 * (`degraded: 'pending_embed'`); `repair` embeds them later. With `similar`, each memory stored
 * with a vector reports the live memories it nearly duplicates (`findSimilar`).
 */
export async function writeMany(
  context: ServiceContext,
  namespaceArg: unknown,
  inputs: unknown[],
  indexed: boolean,
  mode: { dedup: boolean; defaultValidFrom?: Date; similar?: boolean },
): Promise<RememberResult[]> {
  const { store } = context
  const { namespace, writes } = prepareWrites(context, namespaceArg, inputs, indexed)
  const at = context.now()
  const results: Array<RememberResult | undefined> = new Array(writes.length)
  const fresh = writes.filter((prepared) => prepared.input.id === undefined)
  const live = mode.dedup ? await findLiveDuplicates(context, namespace, fresh) : new Map<string, Memory>()
  const reinforced: Memory[] = []
  const toStore: StoreItem[] = []
  const seenInBatch = new Map<string, string>()
  for (const [index, prepared] of writes.entries()) {
    const redacted = prepared.redacted ? { redacted: true as const } : {}
    const dedupKey = duplicateKey(prepared.input.tier, prepared.fingerprint)
    if (mode.dedup && prepared.input.id === undefined) {
      const sameBatch = seenInBatch.get(dedupKey)
      if (sameBatch !== undefined) {
        results[index] = { id: sameBatch, status: 'reinforced', ...redacted }
        continue
      }
      const existing = live.get(dedupKey)
      if (existing) {
        reinforced.push(existing)
        results[index] = { id: existing.id, status: 'reinforced', ...redacted }
        continue
      }
    }
    let keep = false
    if (prepared.input.id !== undefined) {
      const current = await store.get(namespace, prepared.input.id)
      // Same content under a known id: the stored vector is still right.
      keep = current !== null && current.fingerprint === prepared.fingerprint && current.embedState === 'ok'
    }
    const id = prepared.input.id ?? uuidv7(at.getTime())
    const write = toWrite(context, id, prepared, at)
    // The look-up above is a fast path; the store makes it atomic with the insert, so parallel
    // writers of the same text leave one memory (the others reinforce it below).
    if (mode.dedup && prepared.input.id === undefined) write.unlessDuplicate = true
    if (mode.defaultValidFrom && prepared.input.validFrom === undefined)
      write.validFrom = mode.defaultValidFrom
    seenInBatch.set(dedupKey, id)
    toStore.push({ index, prepared, write, keep })
  }
  await reinforceDuplicates(context, namespace, reinforced, at)
  const outcomes = await embedAndStore(context, namespace, toStore)
  const conflicts: string[] = []
  const raced: Memory[] = []
  for (const [i, item] of toStore.entries()) {
    const outcome = outcomes[i]
    const redacted = item.prepared.redacted ? { redacted: true as const } : {}
    if (outcome?.status === 'duplicate') {
      // A concurrent writer stored the same text first: reinforce its memory instead.
      const existing = await store.get(namespace, outcome.id)
      if (existing !== null) raced.push(existing)
      results[item.index] = { id: outcome.id, status: 'reinforced', ...redacted }
      continue
    }
    if (!outcome || outcome.status === 'conflict') {
      conflicts.push(
        `${indexed ? `[${item.index}].` : ''}id: ${JSON.stringify(item.write.id)} cannot be used`,
      )
      continue
    }
    results[item.index] = {
      id: outcome.id,
      status: outcome.status,
      ...(item.write.embedding === null && !item.keep ? { degraded: 'pending_embed' as const } : {}),
      ...redacted,
    }
  }
  await reinforceDuplicates(context, namespace, raced, at)
  if (mode.similar === true) {
    const written = toStore.flatMap((item) => {
      const result = results[item.index]
      const embedding = item.write.embedding
      return result && result.status !== 'reinforced' && embedding
        ? [{ index: item.index, id: result.id, embedding }]
        : []
    })
    const similar = await findSimilar(context, namespace, written)
    for (const { index, id } of written) {
      const found = similar.get(id)
      if (found) results[index] = { ...results[index]!, similar: found }
    }
  }
  if (conflicts.length > 0) throw new InvalidArgumentError('id', conflicts.join('; '))
  return results as RememberResult[]
}

import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js'
import type { MemoryWrite } from '../../model/MemoryWrite.js'
import { uuidv7 } from '../../text/uuidv7.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import type { RememberResult } from '../MemoryService.js'
import { embedWrites } from './embedWrites.js'
import type { PreparedWrite } from './PreparedWrite.js'
import { prepareWrites } from './prepareWrites.js'
import { reinforceDuplicate } from './reinforceDuplicate.js'
import { toWrite } from './toWrite.js'

/**
 * The write path of `remember`, `rememberMany` and `supersede`: prepare every input → with
 * `dedup`, an exact duplicate (same namespace, tier, fingerprint, live; or earlier in the batch)
 * of a fresh write reinforces the existing memory instead → embed what needs a vector in one
 * budgeted pass, outside any transaction → one `upsert`. An embedder failure or timeout stores
 * the memories `pending` (`degraded: 'pending_embed'`); `repair` embeds them later.
 */
export async function writeMany(
  context: ServiceContext,
  namespaceArg: unknown,
  inputs: unknown[],
  indexed: boolean,
  mode: { dedup: boolean; defaultValidFrom?: Date },
): Promise<RememberResult[]> {
  const { store } = context
  const { namespace, writes } = prepareWrites(context, namespaceArg, inputs, indexed)
  const at = context.now()
  const results: Array<RememberResult | undefined> = new Array(writes.length)
  const toStore: Array<{ index: number; prepared: PreparedWrite; write: MemoryWrite; keep: boolean }> = []
  const seenInBatch = new Map<string, string>()
  for (const [index, prepared] of writes.entries()) {
    const redacted = prepared.redacted ? { redacted: true as const } : {}
    const dedupKey = `${prepared.input.tier}\u0000${prepared.fingerprint}`
    if (mode.dedup && prepared.input.id === undefined) {
      const sameBatch = seenInBatch.get(dedupKey)
      if (sameBatch !== undefined) {
        results[index] = { id: sameBatch, status: 'reinforced', ...redacted }
        continue
      }
      const existing = await store.findByFingerprint(namespace, prepared.input.tier, prepared.fingerprint)
      if (existing) {
        await reinforceDuplicate(context, namespace, existing, at)
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
    // The check above is a fast path; the store makes it atomic with the insert, so parallel
    // writers of the same text leave one memory (the others reinforce it below).
    if (mode.dedup && prepared.input.id === undefined) write.unlessDuplicate = true
    if (mode.defaultValidFrom && prepared.input.validFrom === undefined)
      write.validFrom = mode.defaultValidFrom
    seenInBatch.set(dedupKey, id)
    toStore.push({ index, prepared, write, keep })
  }
  const needEmbedding = toStore.filter((item) => !item.keep)
  const vectors = await embedWrites(
    context,
    needEmbedding.map((item) => item.prepared),
  )
  needEmbedding.forEach((item, i) => {
    const vector = vectors?.[i]
    if (vector) {
      item.write.embedding = vector.embedding
      item.write.chunks = vector.chunks
    }
  })
  for (const item of toStore) if (item.keep) item.write.keepEmbedding = true
  const outcomes =
    toStore.length > 0
      ? await store.upsert(
          namespace,
          toStore.map((item) => item.write),
        )
      : []
  const conflicts: string[] = []
  for (const [i, item] of toStore.entries()) {
    const outcome = outcomes[i]
    if (outcome?.status !== 'duplicate') continue
    const existing = await store.get(namespace, outcome.id)
    if (existing !== null) await reinforceDuplicate(context, namespace, existing, at)
    results[item.index] = {
      id: outcome.id,
      status: 'reinforced',
      ...(item.prepared.redacted ? { redacted: true as const } : {}),
    }
  }
  toStore.forEach((item, i) => {
    const outcome = outcomes[i]
    if (outcome?.status === 'duplicate') return
    if (!outcome || outcome.status === 'conflict') {
      conflicts.push(
        `${indexed ? `[${item.index}].` : ''}id: ${JSON.stringify(item.write.id)} cannot be used`,
      )
      return
    }
    results[item.index] = {
      id: outcome.id,
      status: outcome.status,
      ...(item.write.embedding === null && !item.keep ? { degraded: 'pending_embed' as const } : {}),
      ...(item.prepared.redacted ? { redacted: true as const } : {}),
    }
  })
  if (conflicts.length > 0) throw new InvalidArgumentError('id', conflicts.join('; '))
  return results as RememberResult[]
}

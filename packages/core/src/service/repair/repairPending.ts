import { ValidationError } from '../../errors/ValidationError.js'
import type { Chunk } from '../../model/Chunk.js'
import { isRepairStore } from '../../spec/RepairStore.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { chunkTextsOf } from '../context/chunkTextsOf.js'
import { memoryEmbedText } from '../context/memoryEmbedText.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { embedWithinBudget } from '../embedWithinBudget.js'
import type { RepairReport } from '../MemoryService.js'
import { repairBackoffMs } from '../repairBackoffMs.js'
import { describeRepairFailure } from './describeRepairFailure.js'

/**
 * `MemoryService.repair`: one pass over the pending-embed queue: claim a batch (leased), embed
 * all of it in one budgeted call, then complete each row guarded by its fingerprint (a content
 * change while embedding discards the result) or record the failure with exponential backoff
 * and full jitter (parked after `maxAttempts`). A pass aborted (`signal`) before its embed call
 * finished gives the batch back unpenalised: stopping a worker or pressing Ctrl-C says nothing
 * about the rows, so neither an attempt nor a backoff is recorded and the next run claims them at
 * once. A store without a queue reports zeros.
 * `claimed = repaired + discarded + failed + parked + released`.
 */
export async function repairPending(
  context: ServiceContext,
  repairArgs: { limit?: number; namespace?: string; signal?: AbortSignal } = {},
): Promise<RepairReport> {
  const { store, repair: settings } = context
  const outcome: RepairReport = { claimed: 0, repaired: 0, discarded: 0, failed: 0, parked: 0, released: 0 }
  if (!isRepairStore(store)) return outcome
  const limit = repairArgs.limit ?? settings.batchSize
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new ValidationError(['limit: must be an integer from 1 to 1000'])
  }
  const namespace = repairArgs.namespace === undefined ? undefined : checkNamespace(repairArgs.namespace)
  const claims = await store.claimPending({
    limit,
    leaseMs: settings.leaseMs,
    ...(namespace !== undefined ? { namespace } : {}),
  })
  outcome.claimed = claims.length
  if (claims.length === 0) return outcome
  const chunkTexts = claims.map((claim) => chunkTextsOf(context, claim.content))
  const texts: string[] = []
  for (const [i, claim] of claims.entries())
    texts.push(memoryEmbedText(context, claim.content), ...chunkTexts[i]!)
  let vectors: Float32Array[] | null = null
  let failure = ''
  try {
    vectors = await embedWithinBudget(context.embedder, texts, {
      timeoutMs: settings.embedTimeoutMs,
      purpose: 'document',
      batchSize: context.batchSize,
      ...(repairArgs.signal ? { signal: repairArgs.signal } : {}),
    })
  } catch (error) {
    if (repairArgs.signal?.aborted) {
      await store.releaseClaims(claims)
      outcome.released = claims.length
      return outcome
    }
    context.report(error, 'repair.embed')
    failure = describeRepairFailure(error)
  }
  let cursor = 0
  for (const [i, claim] of claims.entries()) {
    if (vectors) {
      const embedding = vectors[cursor++]!
      const chunks = chunkTexts[i]!.map((text, idx) => ({
        idx,
        text,
        embedding: vectors![cursor++]!,
      })) as Chunk[]
      const stored = await store.completeRepair(
        claim.namespace,
        claim.id,
        claim.fingerprint,
        embedding,
        chunks.length > 0 ? chunks : undefined,
      )
      if (stored) outcome.repaired++
      else outcome.discarded++
      continue
    }
    const backoffMs = repairBackoffMs(claim.attempts, {
      baseMs: settings.baseBackoffMs,
      maxMs: settings.maxBackoffMs,
      random: context.random,
    })
    const state = await store.failRepair(claim.namespace, claim.id, {
      backoffMs,
      maxAttempts: settings.maxAttempts,
      error: failure,
    })
    if (state === 'parked') outcome.parked++
    else outcome.failed++
  }
  return outcome
}

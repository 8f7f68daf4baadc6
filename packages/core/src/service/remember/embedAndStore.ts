import type { UpsertOutcome } from '../../spec/Store.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { embedWrites } from './embedWrites.js'
import type { StoreItem } from './StoreItem.js'

/**
 * Memories per slice: small enough that a batch has several (so embedding one overlaps storing
 * the previous), large enough that each upsert stays one cheap statement per table.
 */
const WRITE_SLICE = 128

/**
 * Embeds and stores `items` in slices, pipelined: slice n+1 is embedded while slice n is
 * written, so an ingest costs about the slower of the two, not their sum. Each slice is one
 * `upsert` (atomic on its own). Once the embedder has failed, later slices are stored pending at
 * once rather than waiting out the budget again. Outcomes come back in item order.
 */
export async function embedAndStore(
  context: ServiceContext,
  namespace: string,
  items: StoreItem[],
): Promise<UpsertOutcome[]> {
  const slices: StoreItem[][] = []
  for (let start = 0; start < items.length; start += WRITE_SLICE) {
    slices.push(items.slice(start, start + WRITE_SLICE))
  }
  let embedderDown = false
  const embed = async (slice: StoreItem[]): Promise<void> => {
    const needed = slice.filter((item) => !item.keep)
    for (const item of slice) if (item.keep) item.write.keepEmbedding = true
    if (needed.length === 0 || embedderDown) return
    const vectors = await embedWrites(
      context,
      namespace,
      needed.map((item) => item.prepared),
    )
    if (vectors === null) embedderDown = true
    needed.forEach((item, i) => {
      const vector = vectors?.[i]
      if (vector) {
        item.write.embedding = vector.embedding
        item.write.chunks = vector.chunks
      }
    })
  }
  const outcomes: UpsertOutcome[] = []
  let next = slices.length > 0 ? embed(slices[0]!) : undefined
  for (let i = 0; i < slices.length; i++) {
    await next
    next = i + 1 < slices.length ? embed(slices[i + 1]!) : undefined
    // Awaited on the next turn; never an unhandled rejection if this slice's upsert throws.
    next?.catch(() => undefined)
    outcomes.push(
      ...(await context.store.upsert(
        namespace,
        slices[i]!.map((item) => item.write),
      )),
    )
  }
  return outcomes
}

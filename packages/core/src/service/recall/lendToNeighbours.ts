import type { Memory } from '../../model/Memory.js'
import type { NeighbourhoodOptions } from '../MemoryServiceOptions.js'
import { compareStrings } from './compareStrings.js'
import type { NeighbourLoan } from './NeighbourLoan.js'
import { streamTimelines } from './streamTimelines.js'

/**
 * Conversation neighbourhood: each of the `seeds` best fused hits lends its neighbours — the
 * `perSide` candidates of its own stream created nearest before and after it, within `windowMs`
 * (memories stamped the same instant as the seed, written in one batch, are not ordered and do not
 * count) — a fraction of its fused relevance: `share` to the nearest on a side, `share ×
 * decay^(k−1)` to the k-th, unless the neighbour is longer than `borrowerMaxLength` (a long turn
 * is judged on its own passages: on RealMem dev, lending to the assistant's long replies beside a
 * matching turn cost recall). A memory keeps the largest loan it is offered (loans do not add up), so
 * lending is bounded by `share × the best seed`.
 *
 * A stream is the value of `metadata[streamKey]` (default key `stream`): the turns of one
 * conversation or transcript, which the writer marks. The answer to a question is often the turn
 * beside the one its words match; independent facts remembered one after another are not turns of
 * anything, and a memory without a stream neither lends nor borrows.
 *
 * Returns the fused relevance plus loans (new ids are candidates no leg ranked) and each loan:
 * its amount, the lender, and the fraction of the lender's relevance it is.
 */
export function lendToNeighbours(
  fused: ReadonlyMap<string, number>,
  memories: ReadonlyMap<string, Memory>,
  options: Required<NeighbourhoodOptions>,
): { relevance: Map<string, number>; lent: Map<string, NeighbourLoan> } {
  const relevance = new Map(fused)
  const lent = new Map<string, NeighbourLoan>()
  // Written as `!(x > 0)` so a NaN setting turns lending off instead of spreading NaN.
  if (!(options.share > 0 && options.seeds > 0 && options.perSide > 0)) return { relevance, lent }
  const seeds = [...fused]
    .sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0]))
    .slice(0, options.seeds)
    .filter(([, value]) => value > 0)
  if (seeds.length === 0) return { relevance, lent }
  const placeOf = new Map<string, { timeline: Memory[]; at: number }>()
  for (const timeline of streamTimelines(memories.values(), options.streamKey).values()) {
    timeline.forEach((memory, at) => {
      placeOf.set(memory.id, { timeline, at })
    })
  }
  for (const [seedId, seedValue] of seeds) {
    const place = placeOf.get(seedId)
    if (place === undefined) continue
    const { timeline, at } = place
    const seedTime = timeline[at]!.createdAt.getTime()
    for (const step of [-1, 1]) {
      let k = 0
      for (let j = at + step; k < options.perSide && j >= 0 && j < timeline.length; j += step) {
        const neighbour = timeline[j]!
        const distance = Math.abs(neighbour.createdAt.getTime() - seedTime)
        if (distance > options.windowMs) break
        // Memories stamped the same instant were written in one batch: their order says nothing.
        if (distance === 0) continue
        k++
        // A long memory holds its own evidence: it keeps its place on the side but borrows nothing.
        if (neighbour.content.length > options.borrowerMaxLength) continue
        const fraction = options.share * options.decay ** (k - 1)
        const amount = seedValue * fraction
        if (amount > (lent.get(neighbour.id)?.amount ?? 0))
          lent.set(neighbour.id, { amount, from: seedId, fraction })
      }
    }
  }
  for (const [id, loan] of lent) relevance.set(id, (relevance.get(id) ?? 0) + loan.amount)
  return { relevance, lent }
}

import type { Memory } from '../../model/Memory.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { PINNED_KEY } from './PINNED_KEY.js'

/**
 * Rows read per look-up: T / 8 for a budget of T tokens (400 → 50), at least 16, at most 200. The
 * four look-ups together offer up to four times that, more than a budget of short facts holds once
 * near-repeats are dropped; every row read is decoded in full, which is where a profile's time
 * goes on the embedded store.
 */
function poolFor(maxTokens: number): number {
  return Math.min(200, Math.max(16, Math.ceil(maxTokens / 8)))
}

/**
 * The memories a profile is chosen from, without reading the whole namespace: the live durable
 * facts of highest stored importance per tier, the most recently accessed or re-observed ones
 * (a re-observation counts as an access; this is where reinforcement shows when stored importance
 * ties at its default), and the pinned ones. Deduplicated by id; the look-ups run side by side.
 */
export async function gatherProfileCandidates(
  context: ServiceContext,
  namespace: string,
  maxTokens: number,
): Promise<Memory[]> {
  const { store } = context
  const pool = poolFor(maxTokens)
  const lists = await Promise.all([
    store.list(namespace, {
      filter: { tiers: ['procedural'] },
      orderBy: 'importance',
      direction: 'desc',
      limit: pool,
    }),
    store.list(namespace, {
      filter: { tiers: ['semantic'] },
      orderBy: 'importance',
      direction: 'desc',
      limit: pool,
    }),
    store.list(namespace, {
      filter: { tiers: ['procedural', 'semantic'] },
      orderBy: 'lastAccessedAt',
      direction: 'desc',
      limit: pool,
    }),
    store.list(namespace, { filter: { metadata: { [PINNED_KEY]: true } }, limit: pool }),
  ])
  const byId = new Map<string, Memory>()
  for (const list of lists) for (const memory of list) byId.set(memory.id, memory)
  return [...byId.values()]
}

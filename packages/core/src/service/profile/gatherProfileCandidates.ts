import type { Memory } from '../../model/Memory.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { PINNED_KEY } from './PINNED_KEY.js'

/**
 * Rows read per look-up: a profile line costs at least a handful of tokens, so a budget of T
 * tokens holds well under T / 4 memories (400 → 100 rows, about three times the short facts it
 * can hold); at least 25, at most 200.
 */
function poolFor(maxTokens: number): number {
  return Math.min(200, Math.max(25, Math.ceil(maxTokens / 4)))
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

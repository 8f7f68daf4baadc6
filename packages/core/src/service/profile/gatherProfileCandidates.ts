import type { Memory } from '../../model/Memory.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { PINNED_KEY } from './PINNED_KEY.js'

/** Rows read per look-up: far more than a 400-token profile holds (about 30 short facts). */
const POOL = 200

/**
 * The memories a profile is chosen from, without reading the whole namespace: the live durable
 * facts of highest stored importance per tier, the most recently accessed or re-observed ones
 * (where reinforcement and a model's judged importance show up when stored importance ties at its
 * default), and every pinned memory. Deduplicated by id; the look-ups run side by side.
 */
export async function gatherProfileCandidates(context: ServiceContext, namespace: string): Promise<Memory[]> {
  const { store } = context
  const lists = await Promise.all([
    store.list(namespace, {
      filter: { tiers: ['procedural'] },
      orderBy: 'importance',
      direction: 'desc',
      limit: POOL,
    }),
    store.list(namespace, {
      filter: { tiers: ['semantic'] },
      orderBy: 'importance',
      direction: 'desc',
      limit: POOL,
    }),
    store.list(namespace, {
      filter: { tiers: ['procedural', 'semantic'] },
      orderBy: 'lastAccessedAt',
      direction: 'desc',
      limit: POOL,
    }),
    store.list(namespace, {
      filter: { tiers: ['procedural', 'semantic'] },
      orderBy: 'updatedAt',
      direction: 'desc',
      limit: POOL,
    }),
    store.list(namespace, { filter: { metadata: { [PINNED_KEY]: true } }, limit: POOL }),
  ])
  const byId = new Map<string, Memory>()
  for (const list of lists) for (const memory of list) byId.set(memory.id, memory)
  return [...byId.values()]
}

import type { ListOptions } from '../../spec/Store.js'
import { PINNED_KEY } from './PINNED_KEY.js'

/**
 * The four `Store.list` look-ups a profile's candidates come from, `limit` rows each: the live
 * procedural and the live semantic memories of highest stored importance, the live durable ones
 * most recently accessed or re-observed (where reinforcement shows when stored importance ties at
 * its default), and the live pinned ones (any tier, newest first). `Store.profileCandidates` answers
 * their union in one read; without it the service runs these four.
 */
export function profileCandidateLists(limit: number): ListOptions[] {
  return [
    { filter: { tiers: ['procedural'] }, orderBy: 'importance', direction: 'desc', limit },
    { filter: { tiers: ['semantic'] }, orderBy: 'importance', direction: 'desc', limit },
    { filter: { tiers: ['procedural', 'semantic'] }, orderBy: 'lastAccessedAt', direction: 'desc', limit },
    { filter: { metadata: { [PINNED_KEY]: true } }, orderBy: 'createdAt', direction: 'desc', limit },
  ]
}

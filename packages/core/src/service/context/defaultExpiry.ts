import type { Tier } from '../../model/Tier.js'
import type { ServiceContext } from './ServiceContext.js'

/** When a write of this tier made at `from` expires if it sets no `expiresAt` (null: never). */
export function defaultExpiry(context: ServiceContext, tier: Tier, from: Date): Date | null {
  const ttl = context.ttlMs[tier]
  return ttl === undefined ? null : new Date(from.getTime() + ttl)
}

import { z } from 'zod'

/**
 * How long a memory is meant to live. `working` and `episodic` are short-term (they usually
 * carry an `expiresAt`); `semantic` (facts) and `procedural` (how-tos, preferences) are durable.
 */
export const TierSchema = z.enum(['working', 'episodic', 'semantic', 'procedural'])
export type Tier = z.infer<typeof TierSchema>
export const TIERS: readonly Tier[] = TierSchema.options

/**
 * How long a memory is meant to live. `working` and `episodic` are short-term (they usually
 * carry an `expiresAt`); `semantic` (facts) and `procedural` (how-tos, preferences) are durable.
 */
export const TIERS = ['working', 'episodic', 'semantic', 'procedural'] as const
/** The kind of memory: `working`, `episodic`, `semantic` or `procedural`. */
export type Tier = (typeof TIERS)[number]

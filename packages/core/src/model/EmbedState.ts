import { z } from 'zod'

/**
 * `ok`: the memory has its vector. `pending`: it was stored without one because the embedder
 * failed or was too slow, and the repair queue will embed it. `failed`: repair gave up (parked).
 */
export const EmbedStateSchema = z.enum(['ok', 'pending', 'failed'])
/** Whether a memory has its vector: `ok`, `pending` (waiting for the embedder) or `failed` (parked). */
export type EmbedState = z.infer<typeof EmbedStateSchema>

import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'

const count = z.number().int().nonnegative()

/** `agent-memory reembed --json`. */
export const ReembedJsonSchema = jsonDocument('reembed', {
  model: z.string(),
  dimensions: z.number().int().positive(),
  /** Memories queued by this run's switch (0 when the store already recorded this embedder). */
  queued: count,
  claimed: count,
  repaired: count,
  discarded: count,
  failed: count,
  parked: count,
  /** Claimed, then given back unpenalised because the run was interrupted. */
  released: count,
  /** Still pending when the run ended. */
  remaining: count,
})
export type ReembedJson = z.infer<typeof ReembedJsonSchema>

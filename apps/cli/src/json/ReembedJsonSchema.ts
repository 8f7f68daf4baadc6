import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'
import { REPAIR_TOTALS_JSON } from './REPAIR_TOTALS_JSON.js'

const count = z.number().int().nonnegative()

/** `agent-memory reembed --json`. */
export const ReembedJsonSchema = jsonDocument('reembed', {
  model: z.string(),
  dimensions: z.number().int().positive(),
  /** Memories queued by this run's switch (0 when the store already recorded this embedder). */
  queued: count,
  ...REPAIR_TOTALS_JSON,
  /** Still pending when the run ended. */
  remaining: count,
})
/** The type of `ReembedJsonSchema`. */
export type ReembedJson = z.infer<typeof ReembedJsonSchema>

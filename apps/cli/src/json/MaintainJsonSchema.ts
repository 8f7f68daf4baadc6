import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'

const count = z.number().int().nonnegative()
const indexChange = z
  .object({
    index: z.string(),
    table: z.enum(['memories', 'memory_chunks']),
    namespace: z.string(),
    rows: count,
    efSearch: count.optional(),
    calibrationRecall: z.number().min(0).max(1).optional(),
    graph: z.object({ m: count, efConstruction: count }).strict().optional(),
  })
  .strict()

/** `agent-memory maintain --json`: what the expiry sweep removed, then the vector index upkeep. */
export const MaintainJsonSchema = jsonDocument('maintain', {
  /** The namespace maintained; null: every namespace. */
  namespace: z.string().nullable(),
  swept: z
    .object({
      /** Expired memories removed. */
      expired: count,
      /** Superseded versions removed with them (the history of an expired fact). */
      history: count,
      chunks: count,
      namespaces: z.array(z.string()),
    })
    .strict(),
  indexes: z
    .object({
      built: z.array(indexChange),
      calibrated: z.array(indexChange),
      dropped: z.array(indexChange),
      kept: count,
    })
    .strict(),
})
/** The type of `MaintainJsonSchema`. */
export type MaintainJson = z.infer<typeof MaintainJsonSchema>

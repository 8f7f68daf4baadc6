import { MAX_QUERY_LENGTH, TierSchema } from '@agent-memory/core'
import { z } from 'zod'

/**
 * What the holder accepts on `recall.sock`. Shapes and sizes only: the service validates the
 * values themselves (namespace rules, limits) exactly as it does for its own callers.
 */
export const RecallRequestSchema = z.strictObject({
  v: z.literal(1),
  embedder: z.string().max(1_000),
  namespace: z.string().max(1_000),
  query: z.string().max(MAX_QUERY_LENGTH * 4),
  options: z.strictObject({
    limit: z.number().optional(),
    filter: z
      .strictObject({
        tiers: z.array(TierSchema).max(10).optional(),
        tags: z.array(z.string().max(1_000)).max(100).optional(),
        asOf: z.iso.datetime({ offset: true }).optional(),
      })
      .optional(),
    minScore: z.number().optional(),
    mode: z.enum(['hybrid', 'vector', 'keyword']).optional(),
    includeLinked: z.boolean().optional(),
    linkedLimit: z.number().optional(),
  }),
})

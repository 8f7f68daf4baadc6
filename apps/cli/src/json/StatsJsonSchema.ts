import { TierSchema } from '@agent-memory/core'
import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'
import { RecordedEmbedderJsonSchema } from './RecordedEmbedderJsonSchema.js'
import { StoreJsonSchema } from './StoreJsonSchema.js'

const count = z.number().int().nonnegative()

const EmbeddingCacheJsonSchema = z
  .object({
    entries: count,
    maxEntries: count,
    hits: count,
    misses: count,
    hitRate: z.number().min(0).max(1).nullable(),
  })
  .strict()

/** `agent-memory stats --json`. */
export const StatsJsonSchema = jsonDocument('stats', {
  store: StoreJsonSchema,
  embedder: RecordedEmbedderJsonSchema,
  storage: z.object({ tableBytes: count, dataDirBytes: count.optional() }).strict(),
  totals: z
    .object({
      memories: count,
      chunks: count,
      superseded: count,
      pending: count,
      leased: count,
      parked: count,
    })
    .strict(),
  /**
   * The embedding caches of the process serving the embedded directory (`serve`, `ui`, `mcp`), when
   * one does: they live there, not in the short `stats` command.
   */
  embeddingCache: z
    .object({
      servedBy: z.string(),
      queries: EmbeddingCacheJsonSchema,
      documents: EmbeddingCacheJsonSchema,
      reusedFromStore: count,
    })
    .strict()
    .optional(),
  namespaces: z.array(
    z
      .object({
        namespace: z.string(),
        total: count,
        byTier: z.partialRecord(TierSchema, count),
        pending: count,
        failed: count,
        superseded: count,
        chunks: count,
        vectorSearch: z
          .object({ indexed: z.boolean(), recallSamples: count, recall: z.number().min(0).max(1).nullable() })
          .strict()
          .optional(),
      })
      .strict(),
  ),
})
/** The type of `StatsJsonSchema`. */
export type StatsJson = z.infer<typeof StatsJsonSchema>

import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'
import { RecordedEmbedderJsonSchema } from './RecordedEmbedderJsonSchema.js'
import { StoreJsonSchema } from './StoreJsonSchema.js'

/** `agent-memory init --json`. */
export const InitJsonSchema = jsonDocument('init', {
  store: StoreJsonSchema,
  embedder: RecordedEmbedderJsonSchema,
  /** `--partitions n` (PostgreSQL): the tables are hash-partitioned by namespace into n parts. */
  partitions: z.number().int().optional(),
})
/** The type of `InitJsonSchema`. */
export type InitJson = z.infer<typeof InitJsonSchema>

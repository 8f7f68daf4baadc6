import type { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'
import { RecordedEmbedderJsonSchema } from './RecordedEmbedderJsonSchema.js'
import { StoreJsonSchema } from './StoreJsonSchema.js'

/** `agent-memory init --json`. */
export const InitJsonSchema = jsonDocument('init', {
  store: StoreJsonSchema,
  embedder: RecordedEmbedderJsonSchema,
})
export type InitJson = z.infer<typeof InitJsonSchema>

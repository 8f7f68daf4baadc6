import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'
import { MemoryJsonSchema } from './MemoryJsonSchema.js'

/** `agent-memory history <id> --json`: the supersession chain, oldest first (missing id: `not_found`). */
export const HistoryJsonSchema = jsonDocument('history', {
  namespace: z.string(),
  id: z.string(),
  history: z.array(MemoryJsonSchema).min(1),
})
/** The type of `HistoryJsonSchema`. */
export type HistoryJson = z.infer<typeof HistoryJsonSchema>

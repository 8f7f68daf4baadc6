import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'
import { MemoryJsonSchema } from './MemoryJsonSchema.js'

/** `agent-memory get <id> --json` (a missing id is an error document, `reason: "not_found"`). */
export const GetJsonSchema = jsonDocument('get', {
  namespace: z.string(),
  memory: MemoryJsonSchema,
})
export type GetJson = z.infer<typeof GetJsonSchema>

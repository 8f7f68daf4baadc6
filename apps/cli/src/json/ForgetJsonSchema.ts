import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'

/** `agent-memory forget <id> --json` (a missing id is an error document, `reason: "not_found"`). */
export const ForgetJsonSchema = jsonDocument('forget', {
  namespace: z.string(),
  id: z.string(),
  deleted: z.literal(true),
})
/** The type of `ForgetJsonSchema`. */
export type ForgetJson = z.infer<typeof ForgetJsonSchema>

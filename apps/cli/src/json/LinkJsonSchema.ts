import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'

/**
 * `agent-memory link <from> <to> --json` (a missing id is an error document, `reason: "not_found"`).
 * `linked`: the two memories are linked now; with `--remove`, false, and `removed` says whether
 * they were.
 */
export const LinkJsonSchema = jsonDocument('link', {
  namespace: z.string(),
  from: z.string(),
  to: z.string(),
  linked: z.boolean(),
  removed: z.boolean().optional(),
})
/** The type of `LinkJsonSchema`. */
export type LinkJson = z.infer<typeof LinkJsonSchema>

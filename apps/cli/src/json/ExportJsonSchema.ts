import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'

/** `agent-memory export --json`: what was written (on stderr when the records go to stdout). */
export const ExportJsonSchema = jsonDocument('export', {
  namespaces: z.array(z.string()),
  memories: z.number().int().nonnegative(),
  vectors: z.boolean(),
  /** The file written, or null for stdout. */
  file: z.string().nullable(),
})
/** The type of `ExportJsonSchema`. */
export type ExportJson = z.infer<typeof ExportJsonSchema>

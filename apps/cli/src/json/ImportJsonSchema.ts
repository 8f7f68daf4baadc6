import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'

/** `agent-memory import <file> --json`: what went in, and each line that did not with why. */
export const ImportJsonSchema = jsonDocument('import', {
  file: z.string(),
  inserted: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  skipped: z.array(
    z.object({ line: z.number().int().positive(), id: z.string().optional(), reason: z.string() }),
  ),
  pendingEmbed: z.number().int().nonnegative(),
  pendingReason: z.string().nullable(),
  namespaces: z.array(z.string()),
})
/** The type of `ImportJsonSchema`. */
export type ImportJson = z.infer<typeof ImportJsonSchema>

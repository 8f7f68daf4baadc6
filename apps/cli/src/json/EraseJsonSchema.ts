import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'

/** `agent-memory erase --namespace <ns> --yes --json`: what was removed. */
export const EraseJsonSchema = jsonDocument('erase', {
  namespace: z.string(),
  memories: z.number().int().nonnegative(),
  chunks: z.number().int().nonnegative(),
  observeLedger: z.number().int().nonnegative(),
  indexes: z.number().int().nonnegative(),
  otherRows: z.record(z.string(), z.number().int().nonnegative()),
})
/** The type of `EraseJsonSchema`. */
export type EraseJson = z.infer<typeof EraseJsonSchema>

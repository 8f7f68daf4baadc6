import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'

const count = z.number().int().nonnegative()

/** `agent-memory ingest --json`: what the run did (also when interrupted: everything counted is stored). */
export const IngestJsonSchema = jsonDocument('ingest', {
  namespace: z.string(),
  files: count,
  filesDone: count,
  inserted: count,
  updated: count,
  unchanged: count,
  reinforced: count,
  removed: count,
  pending: count,
  problems: z.array(z.string()),
  /** Files left out because they are not text (a binary file named `.txt`), one sentence each. */
  skippedFiles: z.array(z.string()),
  interrupted: z.boolean(),
})
/** The type of `IngestJsonSchema`. */
export type IngestJson = z.infer<typeof IngestJsonSchema>

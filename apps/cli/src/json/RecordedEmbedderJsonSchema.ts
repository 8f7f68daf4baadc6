import { z } from 'zod'

/** The embedder a store records (null before the first open that records one). */
export const RecordedEmbedderJsonSchema = z
  .object({ model: z.string().nullable(), dimensions: z.number().int().positive() })
  .strict()
  .nullable()

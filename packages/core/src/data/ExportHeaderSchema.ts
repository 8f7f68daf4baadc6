import { z } from 'zod'

/**
 * The first record of an export: what wrote it and with which embedder, so an import knows
 * whether the file's vectors fit the store it goes into.
 */
export const ExportHeaderSchema = z.object({
  type: z.literal('header'),
  format: z.literal('agent-memory-export'),
  version: z.number().int().positive(),
  exportedAt: z.iso.datetime({ offset: true }),
  /** The source store's recorded embedder; `null` when it recorded none. */
  embedder: z.object({ model: z.string().nullable(), dimensions: z.number().int().positive() }).nullable(),
  /** Whether the memory records carry vectors. */
  vectors: z.boolean(),
})
/** The type of `ExportHeaderSchema`: the first record of an export. */
export type ExportHeader = z.infer<typeof ExportHeaderSchema>

import { z } from 'zod'
import { MemorySchema } from '../model/Memory.js'

const instant = z.iso.datetime({ offset: true })
/** A float32 vector as the base64 of its little-endian bytes: exact, and a quarter of a JSON number list. */
const vector = z.base64()

/**
 * One memory of an export, every field as stored (`Memory`, with ISO-8601 instants), whether
 * `supersede` stamped its `validTo`, its chunk spans and, in an export with vectors, the vectors.
 */
export const ExportMemorySchema = z.object({
  type: z.literal('memory'),
  version: z.number().int().positive(),
  /** `Memory`, its instants as ISO-8601 strings; `observedAt` may be absent in older files. */
  memory: MemorySchema.extend({
    createdAt: instant,
    updatedAt: instant,
    lastAccessedAt: instant,
    expiresAt: instant.nullable(),
    validFrom: instant.nullable(),
    validTo: instant.nullable(),
    observedAt: instant.nullable().optional(),
    fingerprint: z.string().min(1),
  }),
  validToStamped: z.boolean(),
  /** Present in an export with vectors; `null` for a memory without one (pending or failed). */
  embedding: vector.nullable().optional(),
  chunks: z.array(
    z.object({
      idx: z.number().int().nonnegative(),
      text: z.string().min(1),
      embedding: vector.optional(),
    }),
  ),
})
/** The type of `ExportMemorySchema`: one memory of an export. */
export type ExportMemory = z.infer<typeof ExportMemorySchema>

import { z } from 'zod'
import { EmbedStateSchema } from '../model/EmbedState.js'
import { LevelSchema } from '../model/Level.js'
import { MetadataSchema } from '../model/Metadata.js'
import { TierSchema } from '../model/TierSchema.js'

const instant = z.iso.datetime({ offset: true })
const unit = z.number().min(0).max(1)
/** A float32 vector as the base64 of its little-endian bytes: exact, and a quarter of a JSON number list. */
const vector = z.base64()

/**
 * One memory of an export, every field as stored (`Memory`, with ISO-8601 instants), whether
 * `supersede` stamped its `validTo`, its chunk spans and, in an export with vectors, the vectors.
 */
export const ExportMemorySchema = z.object({
  type: z.literal('memory'),
  version: z.number().int().positive(),
  memory: z.object({
    id: z.string().min(1),
    namespace: z.string().min(1),
    tier: TierSchema,
    level: LevelSchema.nullable(),
    content: z.string(),
    summary: z.string().nullable(),
    metadata: MetadataSchema,
    tags: z.array(z.string()),
    importance: unit,
    createdAt: instant,
    updatedAt: instant,
    lastAccessedAt: instant,
    accessCount: z.number().int().nonnegative(),
    expiresAt: instant.nullable(),
    supersededBy: z.string().nullable(),
    validFrom: instant.nullable(),
    validTo: instant.nullable(),
    confidence: unit.nullable(),
    assessedImportance: unit.nullable(),
    linkedMemoryIds: z.array(z.string()),
    embedState: EmbedStateSchema,
    fingerprint: z.string().min(1),
    /** When the fact was last observed (re-observed or corroborated); null: not since it was created. Absent in older files. */
    observedAt: instant.nullable().optional(),
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
export type ExportMemory = z.infer<typeof ExportMemorySchema>

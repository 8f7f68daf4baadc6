import { z } from 'zod'
import { DateInputSchema } from './DateInputSchema.js'
import { LevelSchema } from './Level.js'
import { MetadataInputSchema } from './MetadataInput.js'
import { TierSchema } from './TierSchema.js'

/** Upper bound on one memory's content, in UTF-16 code units (about 100k characters). */
export const MAX_CONTENT_LENGTH = 100_000
/** The most tags one memory may carry. */
export const MAX_TAGS = 64
/** The longest tag accepted, in characters. */
export const MAX_TAG_LENGTH = 64

const unit = z.number().min(0).max(1)

/** What an application passes to `remember`: the user-facing write input, validated at the edge. */
export const MemoryInputSchema = z
  .object({
    /** Set to update a known memory; omitted for a fresh write (a UUID v7 is assigned). */
    id: z.string().min(1).max(128).optional(),
    tier: TierSchema.default('semantic'),
    level: LevelSchema.nullable().optional(),
    content: z.string().min(1).max(MAX_CONTENT_LENGTH),
    summary: z.string().max(4_000).nullable().optional(),
    metadata: MetadataInputSchema.optional(),
    tags: z.array(z.string().min(1).max(MAX_TAG_LENGTH)).max(MAX_TAGS).optional(),
    importance: unit.optional(),
    expiresAt: DateInputSchema.nullable().optional(),
    validFrom: DateInputSchema.nullable().optional(),
    validTo: DateInputSchema.nullable().optional(),
    confidence: unit.nullable().optional(),
    assessedImportance: unit.nullable().optional(),
    linkedMemoryIds: z.array(z.string().min(1).max(128)).max(256).optional(),
    createdAt: DateInputSchema.optional(),
  })
  .strict()
/** What a caller passes to `remember`, before defaults (`MemoryInputSchema`). */
export type MemoryInput = z.input<typeof MemoryInputSchema>
/** A `MemoryInput` after validation, with its defaults filled in. */
export type ParsedMemoryInput = z.output<typeof MemoryInputSchema>

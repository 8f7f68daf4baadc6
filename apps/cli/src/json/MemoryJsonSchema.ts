import { EmbedStateSchema, LevelSchema, TierSchema } from '@agent-memory/core'
import { z } from 'zod'

const instant = z.iso.datetime({ offset: true })

/** A memory in `--json` output: every field of core's `Memory`, dates as ISO 8601 strings (UTC). */
export const MemoryJsonSchema = z
  .object({
    id: z.string().min(1),
    namespace: z.string().min(1),
    tier: TierSchema,
    level: LevelSchema.nullable(),
    content: z.string(),
    summary: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    tags: z.array(z.string()),
    importance: z.number().min(0).max(1),
    createdAt: instant,
    updatedAt: instant,
    lastAccessedAt: instant,
    accessCount: z.number().int().nonnegative(),
    expiresAt: instant.nullable(),
    supersededBy: z.string().nullable(),
    validFrom: instant.nullable(),
    validTo: instant.nullable(),
    confidence: z.number().min(0).max(1).nullable(),
    observedAt: instant.nullable(),
    assessedImportance: z.number().min(0).max(1).nullable(),
    linkedMemoryIds: z.array(z.string()),
    embedState: EmbedStateSchema,
    fingerprint: z.string(),
  })
  .strict()
/** The type of `MemoryJsonSchema`. */
export type MemoryJson = z.infer<typeof MemoryJsonSchema>

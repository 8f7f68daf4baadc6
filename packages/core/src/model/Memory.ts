import { z } from 'zod'
import { EmbedStateSchema } from './EmbedState.js'
import { LevelSchema } from './Level.js'
import { MetadataSchema } from './Metadata.js'
import { TierSchema } from './TierSchema.js'

const unit = z.number().min(0).max(1)

/**
 * A stored memory as read back from a store (spec 001, field by field). The vector itself is
 * never part of it: it stays in the store, so it cannot leak into API output or a model prompt.
 */
export const MemorySchema = z.object({
  /** Time-ordered id (UUID v7 by default). Unique within a namespace. */
  id: z.string().min(1),
  /** The owner (a user, or an `org/project/user` path). Every read and write is scoped by equality on it. */
  namespace: z.string().min(1),
  tier: TierSchema,
  /** `null` when unknown. */
  level: LevelSchema.nullable(),
  content: z.string(),
  summary: z.string().nullable(),
  metadata: MetadataSchema,
  /** Free-form labels; filters on tags require all of the given tags. */
  tags: z.array(z.string()),
  /** Biases ranking and retention; [0,1]. */
  importance: unit,
  createdAt: z.date(),
  updatedAt: z.date(),
  lastAccessedAt: z.date(),
  accessCount: z.number().int().nonnegative(),
  expiresAt: z.date().nullable(),
  /** Id of the memory that replaced this one; non-null means tombstoned (never deleted). */
  supersededBy: z.string().nullable(),
  /** When the fact was true in the world; both null means always. */
  validFrom: z.date().nullable(),
  validTo: z.date().nullable(),
  /**
   * Corroboration in [0,1]; null means not tracked and fully trusted. As stored, it is the value
   * at the last observation; the service's read paths show it decayed to now (`decayedConfidence`).
   */
  confidence: unit.nullable(),
  /**
   * When the fact was last observed after it was written: re-observed by an exact duplicate, or its
   * confidence set by a caller. Null: not since `createdAt`. Confidence decays from the later of the two.
   */
  observedAt: z.date().nullable(),
  /** Importance as judged by a model; cleared whenever a caller sets `importance`. */
  assessedImportance: unit.nullable(),
  linkedMemoryIds: z.array(z.string()),
  embedState: EmbedStateSchema,
  /** Hash of the normalized content (see `fingerprint`): exact-duplicate detection and the chunk contract. */
  fingerprint: z.string(),
})
/** A stored memory with every field (`MemorySchema`). */
export type Memory = z.infer<typeof MemorySchema>

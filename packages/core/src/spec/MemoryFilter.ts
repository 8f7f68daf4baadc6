import type { Level } from '../model/Level.js'
import type { Tier } from '../model/Tier.js'

/** A metadata value a filter can compare with equality (bound as a parameter, never spliced). */
export type MetadataFilterValue = string | number | boolean | null

/**
 * Narrows reads. Every field is optional; fields combine with AND.
 *
 * Default liveness (no flags): not expired (`expiresAt` null or after now), not superseded,
 * and the validity window open now (`validFrom` null or ≤ now, `validTo` null or > now).
 * `asOf` moves "now" to that instant for both expiry and validity, and admits memories
 * superseded after it (their `validTo` closes the window), answering "what was true then".
 */
export interface MemoryFilter {
  /** Any of these tiers (OR). */
  tiers?: Tier[]
  /** Any of these levels (OR). */
  levels?: Level[]
  /** All of these tags (AND). */
  tags?: string[]
  /** Every key equal to its value (AND). Keys must match `METADATA_KEY_PATTERN`. */
  metadata?: Record<string, MetadataFilterValue>
  asOf?: Date
  includeSuperseded?: boolean
  includeExpired?: boolean
  createdAfter?: Date
  accessedAfter?: Date
}

import type { Chunk } from './Chunk.js'
import type { Level } from './Level.js'
import type { Metadata } from './Metadata.js'
import type { Tier } from './Tier.js'

/**
 * What a store receives on `upsert`: a full write of one memory's caller-owned fields.
 * Bookkeeping (`updatedAt`, `accessCount`, `lastAccessedAt`) is the store's; `createdAt` is
 * kept from the first write forever (an update never changes it).
 */
export interface MemoryWrite {
  id: string
  tier: Tier
  level?: Level | null
  content: string
  summary?: string | null
  metadata?: Metadata
  tags?: string[]
  importance?: number
  expiresAt?: Date | null
  supersededBy?: string | null
  validFrom?: Date | null
  validTo?: Date | null
  confidence?: number | null
  /**
   * When the fact was last observed (see `Memory.observedAt`). A date replaces the stored value;
   * `undefined` and `null` keep it (null on insert).
   */
  observedAt?: Date | null
  assessedImportance?: number | null
  linkedMemoryIds?: string[]
  /** `fingerprint(content)`; the store compares it to decide what happens to chunks. */
  fingerprint: string
  /** The memory's vector, or `null` to store it `pending` for the repair queue. */
  embedding: Float32Array | null
  /**
   * With `embedding: null`: keep the stored vector and `embedState` when the row exists and its
   * fingerprint equals `fingerprint` (an update that did not change the content, so nothing needs
   * re-embedding). Otherwise (new row, or the content changed) it has no effect and the row is
   * stored `pending`. Ignoring it is safe: the row goes `pending` and repair re-embeds it.
   */
  keepEmbedding?: boolean
  /**
   * Write only if no live memory (not superseded, not expired, validity open) in this namespace
   * and tier has this fingerprint, checked atomically with the write: otherwise nothing is
   * written and the outcome is `duplicate` with that memory's id. Concurrent writers of the same
   * text therefore leave exactly one memory. Ignored when a row with this id already exists.
   */
  unlessDuplicate?: boolean
  /**
   * The chunk contract. `undefined`: the store decides (keeps existing chunk rows when the
   * fingerprint is unchanged, clears them when the content changed). A non-empty array:
   * replace the rows exactly. An empty array: explicit clear.
   */
  chunks?: Chunk[]
  /** Only honoured on insert (imports); ignored on update. */
  createdAt?: Date
}

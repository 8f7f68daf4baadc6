// `updated_at` is the inserted row's (every insert path writes `now()` there): Citus accepts only
// immutable functions in an upsert's SET list, and the value is the same.
const UPDATE_FIELDS = `tier = EXCLUDED.tier, level = EXCLUDED.level, content = EXCLUDED.content,
  summary = EXCLUDED.summary, metadata = EXCLUDED.metadata, tags = EXCLUDED.tags, importance = EXCLUDED.importance,
  updated_at = EXCLUDED.updated_at, expires_at = EXCLUDED.expires_at, superseded_by = EXCLUDED.superseded_by,
  valid_from = EXCLUDED.valid_from, valid_to = EXCLUDED.valid_to, valid_to_stamped = false,
  confidence = EXCLUDED.confidence,
  observed_at = coalesce(EXCLUDED.observed_at, memories.observed_at),
  assessed_importance = EXCLUDED.assessed_importance,
  linked_memory_ids = EXCLUDED.linked_memory_ids, fingerprint = EXCLUDED.fingerprint, search = EXCLUDED.search`

/** The SQL fragments every memory write path shares (INSERT, COPY, staged upsert). */
export const WRITE_SQL = {
  /** The `memories` columns every insert path fills, in `RowValues` order after namespace. */
  columns: `namespace, id, tier, level, content, summary, metadata, tags, importance, created_at, updated_at,
  last_accessed_at, expires_at, superseded_by, valid_from, valid_to, confidence, observed_at, assessed_importance,
  linked_memory_ids, embed_state, fingerprint, embedding, search`,
  /** An update replaces the row, its vector and its repair bookkeeping. */
  onConflict: `ON CONFLICT (namespace, id) DO UPDATE SET ${UPDATE_FIELDS},
  embed_state = EXCLUDED.embed_state, embedding = EXCLUDED.embedding,
  repair_attempts = 0, next_attempt_at = NULL, leased_until = NULL, last_error = NULL`,
  /**
   * `keepEmbedding` writes (content unchanged, checked under the id lock): the vector, its state
   * and the repair bookkeeping stay as they are.
   */
  onConflictKeepingVector: `ON CONFLICT (namespace, id) DO UPDATE SET ${UPDATE_FIELDS}`,
} as const

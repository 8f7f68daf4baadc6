const COLUMNS = `namespace, id, tier, level, content, summary, metadata, tags, importance, created_at, updated_at,
  last_accessed_at, access_count, expires_at, superseded_by, valid_from, valid_to, valid_to_stamped, confidence,
  assessed_importance, linked_memory_ids, embed_state, fingerprint, observed_at, embedding, search`

/** Every column an import sets but the key and `search`, in `COLUMNS` order. */
const COMPARED = COLUMNS.split(',')
  .map((column) => column.trim())
  .filter((column) => column !== 'namespace' && column !== 'id' && column !== 'search')

/** The SQL every `importRows` path shares (multi-row INSERT, binary COPY, staged COPY). */
export const IMPORT_SQL = {
  /** The `memories` columns an import writes, verbatim from the rows. */
  columns: COLUMNS,
  /** The columns compared to tell a changed row from an equal one (`columns` without the key and `search`). */
  compared: COMPARED,
  /**
   * Writes a row that differs in some column, leaves an equal one alone (no dead tuple, no
   * change-log entry) and returns the ids it wrote: those are the rows inserted or updated.
   */
  onConflict: `ON CONFLICT (namespace, id) DO UPDATE SET
    ${COMPARED.map((column) => `${column} = EXCLUDED.${column}`).join(', ')}, search = EXCLUDED.search,
    repair_attempts = 0, next_attempt_at = NULL, leased_until = NULL, last_error = NULL
  WHERE (${COMPARED.map((column) => `memories.${column}`).join(', ')})
    IS DISTINCT FROM (${COMPARED.map((column) => `EXCLUDED.${column}`).join(', ')})
  RETURNING memories.id`,
} as const

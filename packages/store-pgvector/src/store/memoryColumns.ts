/** The columns a `Memory` is read from (never the vector), qualified by the `m` alias. */
export const MEMORY_COLUMNS = [
  'namespace',
  'id',
  'tier',
  'level',
  'content',
  'summary',
  'metadata',
  'tags',
  'importance',
  'created_at',
  'updated_at',
  'last_accessed_at',
  'access_count',
  'expires_at',
  'superseded_by',
  'valid_from',
  'valid_to',
  'confidence',
  'observed_at',
  'assessed_importance',
  'linked_memory_ids',
  'embed_state',
  'fingerprint',
]
  .map((column) => `m.${column}`)
  .join(', ')

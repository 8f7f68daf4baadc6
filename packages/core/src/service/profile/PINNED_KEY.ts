/**
 * The metadata key that keeps a memory in its namespace's profile whatever its score
 * (`metadata: { pinned: true }`): a metadata key rather than a column, so it is set with
 * `remember`/`update` like any metadata, filtered by the existing metadata filter, and carried by
 * every store and export as it is.
 */
export const PINNED_KEY = 'pinned'

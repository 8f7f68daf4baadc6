/** Longest `recall` query, in UTF-16 code units. */
export const MAX_QUERY_LENGTH = 8_000

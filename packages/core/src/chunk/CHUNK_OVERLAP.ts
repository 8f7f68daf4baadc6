/** Graphemes shared by consecutive chunks, so a sentence split at a cut stays whole in one of them. */
export const CHUNK_OVERLAP = 80

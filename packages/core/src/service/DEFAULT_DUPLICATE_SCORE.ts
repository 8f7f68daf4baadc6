/**
 * The near-duplicate threshold for an embedder that declares none: a cosine from which two
 * memories say the same thing. For semantic models such as text-embedding-3-small, rewordings of
 * one sentence land above it while different facts on one topic stay below; an embedder with
 * another scale declares its own (`Embedder.duplicateScore`; the hashing embedder's is 0.7).
 */
export const DEFAULT_DUPLICATE_SCORE = 0.9

/** The spec's threshold for text-embedding-3-small, used when a service declares none usable. */
export const DEFAULT_MIN_SCORE = 0.3

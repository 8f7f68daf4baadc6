/** The most rows one search or repair claim returns. */
export const MAX_LIMIT = 1000

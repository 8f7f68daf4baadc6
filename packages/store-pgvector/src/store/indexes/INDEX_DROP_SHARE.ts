/**
 * A namespace keeps its HNSW index until it shrinks below this share of `exactSearchMaxRows`
 * (it gets one above the threshold): the gap keeps a namespace near the threshold from
 * building and dropping its index again and again.
 */
export const INDEX_DROP_SHARE = 0.5

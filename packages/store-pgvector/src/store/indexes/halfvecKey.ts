/**
 * What the per-namespace HNSW indexes are built on and searched by: `vector` (a column or a bound
 * query vector) scaled to unit length, in half precision. Cosine distance ignores length, so the
 * scaling changes no ranking, and it keeps every component within half precision's range (an
 * unscaled component beyond ±65,504 would fail the cast, and with it every write to an indexed
 * namespace). Half precision halves each graph node: a 1536-d node takes 3 kB, two to a page, where
 * the vector's own 6 kB fill one, and the graph walk is bound by the pages it reads; it also admits
 * up to 4,000 dimensions where the vector type indexes 2,000. The rows an index walk returns are
 * ranked by their full-precision distance.
 */
export function halfvecKey(vector: string, dimensions: number): string {
  return `(l2_normalize(${vector})::halfvec(${dimensions}))`
}

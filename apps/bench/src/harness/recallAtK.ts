/**
 * |found ∩ truth| / |truth|, with `found` cut to its first `k` entries and `truth` to its first
 * `k`. A truth shorter than k (a namespace with fewer rows) is scored against its own size; an
 * empty truth scores 1 (nothing to find).
 */
export function recallAtK<T>(found: readonly T[], truth: readonly T[], k: number): number {
  const expected = truth.slice(0, k)
  if (expected.length === 0) return 1
  const got = new Set(found.slice(0, k))
  let hits = 0
  for (const item of expected) if (got.has(item)) hits++
  return hits / expected.length
}

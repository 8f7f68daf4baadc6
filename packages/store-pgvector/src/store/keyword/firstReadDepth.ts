/** How many ranked documents the first read covers: a little more than the limit, for filtered-out rows. */
export function firstReadDepth(limit: number): number {
  return limit + Math.max(limit, 16)
}

/** 1 / dense rank of each value (equal values share a rank), best = 1. */
export function denseRankRelevance(values: Map<string, number>): Map<string, number> {
  const distinct = [...new Set(values.values())].sort((a, b) => b - a)
  const rankOf = new Map(distinct.map((value, index) => [value, 1 / (index + 1)]))
  return new Map([...values].map(([id, value]) => [id, rankOf.get(value)!]))
}

export interface QuestionScore {
  /** Any evidence turn among the first 5 / 10. */
  any5: number
  any10: number
  /** Fraction of the evidence turns among the first 5 / 10 (LoCoMo's recall). */
  evidence5: number
  evidence10: number
  /** 1 / rank of the first evidence turn within the ranking, 0 when none. */
  reciprocalRank: number
}

/**
 * Scores one question: `ranking` is the retrieved results best first, each the set of dia ids
 * that result stands for (usually one turn; an exact duplicate turn merges several).
 */
export function scoreRanking(
  ranking: ReadonlyArray<ReadonlySet<string>>,
  evidence: readonly string[],
): QuestionScore {
  const wanted = new Set(evidence)
  const foundAt = (k: number) => {
    const found = new Set<string>()
    for (const ids of ranking.slice(0, k)) for (const id of ids) if (wanted.has(id)) found.add(id)
    return found.size
  }
  const first = ranking.findIndex((ids) => [...ids].some((id) => wanted.has(id)))
  const f5 = foundAt(5)
  const f10 = foundAt(10)
  return {
    any5: f5 > 0 ? 1 : 0,
    any10: f10 > 0 ? 1 : 0,
    evidence5: wanted.size ? f5 / wanted.size : 0,
    evidence10: wanted.size ? f10 / wanted.size : 0,
    reciprocalRank: first >= 0 ? 1 / (first + 1) : 0,
  }
}

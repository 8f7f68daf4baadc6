export interface QuestionScore {
  /** Any evidence turn among the first 5 / 10 (recall_any@k). */
  any5: number
  any10: number
  /** Every evidence turn among the first 5 / 10 (recall_all@k, LongMemEval's official metric). */
  all5: number
  all10: number
  /** Fraction of the evidence turns among the first 5 / 10 (LoCoMo's recall). */
  evidence5: number
  evidence10: number
  /** 1 / rank of the first evidence turn within the ranking, 0 when none. */
  reciprocalRank: number
  /** nDCG@10 with binary relevance: each evidence turn counts once, at the first place it appears. */
  ndcg10: number
  /** Fraction of the evidence sessions (`D<session>:…`) with a turn among the first 10. */
  session10: number
}

const sessionOf = (diaId: string): string => diaId.split(':')[0]!

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
  let dcg = 0
  const counted = new Set<string>()
  ranking.slice(0, 10).forEach((ids, place) => {
    const fresh = [...ids].filter((id) => wanted.has(id) && !counted.has(id))
    for (const id of fresh) counted.add(id)
    if (fresh.length > 0) dcg += 1 / Math.log2(place + 2)
  })
  let ideal = 0
  for (let place = 0; place < Math.min(10, wanted.size); place++) ideal += 1 / Math.log2(place + 2)
  const wantedSessions = new Set([...wanted].map(sessionOf))
  const foundSessions = new Set<string>()
  for (const ids of ranking.slice(0, 10))
    for (const id of ids) if (wantedSessions.has(sessionOf(id))) foundSessions.add(sessionOf(id))
  return {
    any5: f5 > 0 ? 1 : 0,
    any10: f10 > 0 ? 1 : 0,
    all5: wanted.size > 0 && f5 === wanted.size ? 1 : 0,
    all10: wanted.size > 0 && f10 === wanted.size ? 1 : 0,
    evidence5: wanted.size ? f5 / wanted.size : 0,
    evidence10: wanted.size ? f10 / wanted.size : 0,
    reciprocalRank: first >= 0 ? 1 / (first + 1) : 0,
    ndcg10: ideal > 0 ? dcg / ideal : 0,
    session10: wantedSessions.size ? foundSessions.size / wantedSessions.size : 0,
  }
}

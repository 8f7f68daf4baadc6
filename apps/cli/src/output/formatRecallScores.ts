import type { RecallScores } from '@agent-memory/core'

/**
 * How a hit's score came about (`search --explain`): the fused legs times the quality modifier
 * gives the score the ranking used; each leg's own score where that leg saw the memory, and any
 * relevance borrowed from a neighbour in time; and the
 * relevance that `--min-score` and the tools' thresholds compare.
 */
export function formatRecallScores(score: number, scores: RecallScores): string {
  const legs = [
    scores.semantic === undefined ? 'semantic -' : `semantic ${scores.semantic.toFixed(3)}`,
    scores.keyword === undefined ? 'keyword -' : `keyword ${scores.keyword.toFixed(3)}`,
    ...(scores.neighbour === undefined ? [] : [`neighbour ${scores.neighbour.toFixed(3)}`]),
  ]
  return (
    `score ${score.toFixed(3)} = fused ${scores.fused.toFixed(3)} × modifier ${scores.modifier.toFixed(3)}` +
    `${scores.fused * scores.modifier > 1 ? ' (capped at 1)' : ''} · ${legs.join(' · ')} · relevance ${scores.relevance.toFixed(3)}`
  )
}

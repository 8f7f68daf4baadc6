import type { QuestionScore } from './scoreRanking.js'

/** What the per-embedder evaluation reports for every ranking, each a mean over questions. */
export const EVAL_METRICS: ReadonlyArray<{ name: string; of: (score: QuestionScore) => number }> = [
  { name: 'recall_any@5', of: (s) => s.any5 },
  { name: 'recall_any@10', of: (s) => s.any10 },
  { name: 'recall_all@5', of: (s) => s.all5 },
  { name: 'recall_all@10', of: (s) => s.all10 },
  { name: 'MRR', of: (s) => s.reciprocalRank },
  { name: 'nDCG@10', of: (s) => s.ndcg10 },
  { name: 'session recall@10', of: (s) => s.session10 },
]

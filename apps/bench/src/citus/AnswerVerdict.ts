/** How one search of the rebalance run went. */
export type AnswerVerdict =
  | { kind: 'right' }
  /** Not the answer given before, but as complete and its recall against the exact answer no lower. */
  | { kind: 'different' }
  | { kind: 'wrong'; why: string }
  | { kind: 'failed'; why: string }

/** Something the model proposed that `observe` did not apply, and why. Nothing else was affected by it. */
export interface Refusal {
  stage: 'extract' | 'decide' | 'apply'
  reason: string
  /** What was refused, shortened, for a log (model output, never an error stack). */
  detail?: string
}

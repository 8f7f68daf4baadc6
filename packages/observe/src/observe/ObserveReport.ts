import type { Refusal } from './Refusal.js'

/** What one `observe` call did (or, with `dryRun`, would do). */
export interface ObserveReport {
  namespace: string
  dryRun: boolean
  messages: {
    total: number
    /** Already in the ledger: skipped. */
    alreadyObserved: number
    /** New messages processed by this call (all roles). */
    processed: number
    /** New messages left for the next call (over `maxNewMessages`); call again to process them. */
    deferred: number
  }
  /**
   * New memories; `id` is absent in a dry run. `status: reinforced` when the service found an exact
   * duplicate. `linkedTo`: the "related" outcome, the existing memory it was linked to.
   */
  added: Array<{
    content: string
    id?: string
    status?: 'inserted' | 'updated' | 'reinforced'
    linkedTo?: string
  }>
  reinforced: Array<{ id: string; content: string }>
  /**
   * `possiblyStale`: the live memories linked to the old one (its links resolved as recall does),
   * which the change may have made wrong (the user moved: the commute). Absent when it had none.
   */
  superseded: Array<{
    oldId: string
    previous: string
    content: string
    newId?: string
    possiblyStale?: Array<{ id: string; content: string }>
  }>
  ignored: Array<{ content: string; reason: string }>
  refused: Refusal[]
  /**
   * Set when the call stopped: nothing was written when `stage` is not `write`; a `write` failure
   * lists what had been applied before it in `added` / `reinforced` / `superseded`.
   */
  failure?: {
    stage: 'recall' | 'extract' | 'decide' | 'write' | 'ledger'
    reason: 'timeout' | 'aborted' | 'model_error' | 'memory_error'
    message: string
  }
  usage: { modelCalls: number; inputTokens: number; outputTokens: number }
}

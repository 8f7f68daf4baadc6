/**
 * Background upkeep of one store (`scheduleIndexUpkeep`, `scheduleKeywordFold`, recall samples),
 * awaited or cancelled on close.
 */
export interface IndexUpkeep {
  /** Builds and drops in flight, by `table:namespace`. */
  readonly running: Map<string, Promise<void>>
  /** When a build last failed, by `table:namespace`: it is not retried before `RETRY_AFTER_MS`. */
  readonly failedAt: Map<string, number>
  /** Server processes running a build now (PostgreSQL), cancelled when the store closes. */
  readonly backends: Set<number>
  /** Keyword-statistics folds in flight, by namespace. */
  readonly folds: Map<string, Promise<void>>
  /** Recall-guard re-runs in flight. */
  readonly samples: Set<Promise<void>>
  /** Before this `performance.now()` no recall-guard re-run starts (`sampleRecall`'s budget). */
  samplesIdleUntil: number
  /** Background counts of a namespace's size in flight (`watchNamespaceSize`), by `table:namespace`. */
  readonly sizing: Map<string, Promise<void>>
  /** Namespaces being loaded into the process's shared keyword index (`SharedKeywordIndex`). */
  readonly keywordLoads: Map<string, Promise<void>>
  closing: boolean
}

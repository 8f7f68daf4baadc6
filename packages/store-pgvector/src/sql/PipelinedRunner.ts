import type { SqlRunner } from './SqlRunner.js'

/**
 * A `SqlRunner` whose statements are pipelined (`Executor.pipelinedRead`): each is sent as it is
 * issued, without waiting for the answers before it, so statements issued together (by work running
 * side by side on it) share one round trip, and the transaction's BEGIN leaves with its first one.
 */
export interface PipelinedRunner extends SqlRunner {
  /**
   * Ends the transaction after the statements already sent: its COMMIT leaves now, in their round
   * trip. A statement issued later begins another transaction (its BEGIN leaves with it).
   */
  commit(): void
}

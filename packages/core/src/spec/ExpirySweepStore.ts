import type { ExpirySweepCounts } from './ExpirySweepCounts.js'

/**
 * Removing expired memories for good. Reads hide an expired memory already (`includeExpired`
 * aside); the sweep takes it out of storage: its row, its chunks, and whatever the store keeps
 * about it beside them (keyword statistics, change logs), so nothing of it stays in any table.
 */
export interface ExpirySweepStore {
  /**
   * Removes every memory of `namespace` (every namespace when undefined) whose `expiresAt` is at
   * or before `now` and that is not superseded, together with its own superseded history (every
   * memory whose `supersededBy` chain leads to it). A memory that expired but was superseded by
   * a memory that has not is history of a live fact and stays. Links to removed memories are
   * taken out of the lists of the memories that remain. Safe beside concurrent writes: a memory
   * whose expiry is extended, or that is superseded, while the sweep runs is not removed.
   */
  sweepExpired(namespace: string | undefined, now: Date): Promise<ExpirySweepCounts>
}

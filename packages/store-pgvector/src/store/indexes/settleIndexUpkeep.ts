import type { StoreContext } from '../context/StoreContext.js'
import { upkeepInFlight } from './upkeepInFlight.js'

/** A chain of follow-up work longer than this is not waited out: `settle` returns, the work goes on. */
const MAX_ROUNDS = 20

/**
 * `PgVectorStore.settle`: waits until the store has no background work in flight. Work one piece
 * queues when it ends (a build's calibration, a fold after a load) is waited for too, round by
 * round; a failure of any piece is the piece's own (it records or logs it) and settles it.
 */
export async function settleIndexUpkeep(context: StoreContext): Promise<void> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const inFlight = upkeepInFlight(context.upkeep)
    if (inFlight.length === 0) return
    await Promise.allSettled(inFlight)
  }
}

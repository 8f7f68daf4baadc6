import type { StoreContext } from '../context/StoreContext.js'
import { upkeepInFlight } from './upkeepInFlight.js'

/**
 * Ends the store's background index work before it closes: PostgreSQL builds in progress are
 * cancelled (an interrupted `CONCURRENTLY` build leaves an invalid index that the next
 * maintenance drops and rebuilds), and everything else in flight is awaited.
 */
export async function stopIndexUpkeep(context: StoreContext): Promise<void> {
  const { upkeep } = context
  upkeep.closing = true
  if (upkeep.backends.size > 0 && context.executor.kind === 'postgres') {
    const pids = [...upkeep.backends]
    await context.executor
      .session((sql) => sql.query('SELECT pg_cancel_backend(pid) FROM unnest($1::int[]) AS pid', [pids]))
      .catch(() => undefined)
  }
  await Promise.allSettled(upkeepInFlight(upkeep))
}

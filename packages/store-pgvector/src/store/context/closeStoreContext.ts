import { stopIndexUpkeep } from '../indexes/stopIndexUpkeep.js'
import type { StoreContext } from './StoreContext.js'

/**
 * Closes what the context holds, in the order that loses nothing: background index work first
 * (it still needs the executor), then the executor, then the opener's own resources (`onClose`:
 * the embedded database and its lock file).
 */
export async function closeStoreContext(
  context: StoreContext,
  onClose: (() => Promise<void>) | undefined,
): Promise<void> {
  await stopIndexUpkeep(context)
  await context.executor.close()
  await onClose?.()
}

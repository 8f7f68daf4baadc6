import type { ReinforceOptions } from '@agent-memory/core'
import type { StoreContext } from '../context/StoreContext.js'
import { checkReinforcement } from './checkReinforcement.js'
import { reinforceChecked } from './reinforceChecked.js'

/** `Store.reinforce`: its arguments checked (a refusal rejects, as every store method does), then written. */
export async function reinforceMemories(
  context: StoreContext,
  namespace: string,
  ids: string[],
  options: ReinforceOptions = {},
): Promise<void> {
  return reinforceChecked(context, checkReinforcement(namespace, ids, options))
}

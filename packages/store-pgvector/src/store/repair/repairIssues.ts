import type { RepairIssue } from '@agent-memory/core'
import type { StoreContext } from '../context/StoreContext.js'
import { repairQueue } from './repairQueue.js'

/** `RepairStore.repairIssues`: the repair queue's rows with why they wait, without their text. */
export async function repairIssues(
  context: StoreContext,
  namespace?: string,
  options: { ids?: string[]; limit?: number } = {},
): Promise<RepairIssue[]> {
  const entries = await repairQueue(context, {
    ...options,
    ...(namespace === undefined ? {} : { namespace }),
  })
  return entries.map(({ content: _content, createdAt: _createdAt, ...issue }) => issue)
}

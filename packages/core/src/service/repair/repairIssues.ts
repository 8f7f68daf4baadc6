import { ValidationError } from '../../errors/ValidationError.js'
import type { RepairIssue } from '../../spec/RepairIssue.js'
import { isRepairStore } from '../../spec/RepairStore.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { IdSchema } from '../context/IdSchema.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { describeIssues } from '../describeIssues.js'

/**
 * `MemoryService.repairIssues`: the memories still waiting for a vector and why (the last
 * redacted error, attempts, the next attempt time). A store without a repair queue has none.
 */
export async function repairIssues(
  context: ServiceContext,
  namespace?: string,
  options: { ids?: string[]; limit?: number } = {},
): Promise<RepairIssue[]> {
  const { store } = context
  const ns = namespace === undefined ? undefined : checkNamespace(namespace)
  const limit = options.limit ?? 100
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new ValidationError(['limit: must be an integer from 1 to 1000'])
  }
  for (const [i, id] of (options.ids ?? []).entries()) {
    const parsed = IdSchema.safeParse(id)
    if (!parsed.success) throw new ValidationError(describeIssues(parsed.error.issues, `ids[${i}]`))
  }
  // A store written against the contract before `repairIssues` existed still works; it just cannot say why.
  if (!isRepairStore(store) || typeof store.repairIssues !== 'function') return []
  return store.repairIssues(ns, { limit, ...(options.ids === undefined ? {} : { ids: options.ids }) })
}

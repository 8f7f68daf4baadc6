import { ValidationError } from '../../errors/ValidationError.js'
import type { Memory } from '../../model/Memory.js'
import { NamespaceSchema } from '../../model/Namespace.js'
import type { ListOptions } from '../../spec/Store.js'
import { checkFilterDates } from '../context/checkFilterDates.js'
import { checkFilterKeys } from '../context/checkFilterKeys.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { describeIssues } from '../describeIssues.js'
import { withDecayedConfidence } from '../withDecayedConfidence.js'

/** `MemoryService.list`: a validated page of the namespace (limit 1..10000, offset ≥ 0). */
export async function listMemories(
  context: ServiceContext,
  namespace: string,
  listOptions?: ListOptions,
): Promise<Memory[]> {
  const issues: string[] = []
  const ns = NamespaceSchema.safeParse(namespace)
  if (!ns.success) issues.push(...describeIssues(ns.error.issues, 'namespace'))
  const limit = listOptions?.limit
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 10_000)) {
    issues.push('limit: must be an integer from 1 to 10000')
  }
  const offset = listOptions?.offset
  if (offset !== undefined && !(Number.isInteger(offset) && offset >= 0))
    issues.push('offset: must be a non-negative integer')
  checkFilterKeys(listOptions?.filter, issues)
  checkFilterDates(listOptions?.filter, issues)
  if (issues.length > 0) throw new ValidationError(issues)
  const page = await context.store.list(ns.data!, listOptions)
  const now = context.now()
  return page.map((memory) => withDecayedConfidence(memory, now, context.confidenceDecay))
}

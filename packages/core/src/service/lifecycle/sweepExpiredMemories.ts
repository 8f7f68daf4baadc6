import { ValidationError } from '../../errors/ValidationError.js'
import { NamespaceSchema } from '../../model/Namespace.js'
import type { ExpirySweepCounts } from '../../spec/ExpirySweepCounts.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { describeIssues } from '../describeIssues.js'
import type { SweepOptions } from '../SweepOptions.js'

/** `MemoryService.sweep`: removes expired memories for good (`Store.sweepExpired`), as of `now`. */
export async function sweepExpiredMemories(
  context: ServiceContext,
  options: SweepOptions = {},
): Promise<ExpirySweepCounts> {
  const issues: string[] = []
  let namespace: string | undefined
  if (options.namespace !== undefined) {
    const ns = NamespaceSchema.safeParse(options.namespace)
    if (ns.success) namespace = ns.data
    else issues.push(...describeIssues(ns.error.issues, 'namespace'))
  }
  const now = options.now ?? context.now()
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) issues.push('now: expected a valid Date')
  const unknown = Object.keys(options).filter((key) => key !== 'namespace' && key !== 'now')
  for (const key of unknown) issues.push(`${key}: unknown option`)
  if (issues.length > 0) throw new ValidationError(issues)
  return context.store.sweepExpired(namespace, now)
}

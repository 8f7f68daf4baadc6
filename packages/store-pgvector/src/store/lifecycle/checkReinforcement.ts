import { InvalidArgumentError, type ReinforceOptions } from '@agent-memory/core'
import { checkIds } from '../context/checkIds.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { optionalDate } from '../context/optionalDate.js'

/** One namespace's reinforcement, checked: what `reinforce` and each group of `reinforceMany` write. */
export interface CheckedReinforcement {
  namespace: string
  ids: string[]
  at: Date | undefined
  slidingTtlMs: number | undefined
}

/** The arguments of `Store.reinforce` checked at the edge, before any statement is sent. */
export function checkReinforcement(
  namespace: string,
  ids: string[],
  options: ReinforceOptions = {},
): CheckedReinforcement {
  const checked = checkNamespace(namespace)
  const list = checkIds(ids)
  const at = optionalDate(options.at, 'at')
  const ttl = options.slidingTtlMs
  if (ttl !== undefined && (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl < 0)) {
    throw new InvalidArgumentError('slidingTtlMs', 'slidingTtlMs must be a non-negative number')
  }
  return { namespace: checked, ids: list, at, slidingTtlMs: ttl }
}

import { InvalidArgumentError, type ReinforceGroup } from '@agent-memory/core'
import type { StoreContext } from '../context/StoreContext.js'
import { bumpAccessRows } from './bumpAccessRows.js'
import { checkReinforcement } from './checkReinforcement.js'
import { reinforceChecked } from './reinforceChecked.js'

/**
 * `Store.reinforceMany`: every group checked before anything is written; on one server the groups
 * without a sliding expiry go in one statement (`bumpAccessRows`), so a flush of a thousand users'
 * recalls is one round trip, not a thousand. Groups with a sliding expiry (a transaction each: the
 * memory's own row changes) and every group on Citus (a statement there is planned for one
 * namespace's shard) are written one by one.
 */
export async function reinforceMany(context: StoreContext, groups: ReinforceGroup[]): Promise<void> {
  if (!Array.isArray(groups) || groups.some((group) => typeof group !== 'object' || group === null)) {
    throw new InvalidArgumentError('groups', 'groups must be an array of { namespace, ids, options? }')
  }
  const checked = groups.map((group) => checkReinforcement(group.namespace, group.ids, group.options))
  const together = context.distributed ? [] : checked.filter((group) => group.slidingTtlMs === undefined)
  await bumpAccessRows(context, together)
  for (const group of checked) if (!together.includes(group)) await reinforceChecked(context, group)
}

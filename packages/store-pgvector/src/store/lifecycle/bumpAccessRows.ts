import { StoreError } from '@agent-memory/core'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { ACCESS_WRITE_SETTINGS } from './ACCESS_WRITE_SETTINGS.js'
import type { CheckedReinforcement } from './checkReinforcement.js'
import { REINFORCE_SQL } from './REINFORCE_SQL.js'

/** A unique key met a concurrent insert, or a deadlock: the bump-then-insert statement's two races. */
const raced = (error: unknown) =>
  StoreError.isInstance(error) && (error.kind === 'constraint' || error.kind === 'serialization')

/**
 * Reinforcements without a sliding expiry on one server (not Citus), any number of namespaces in
 * one statement (`REINFORCE_SQL.bumpThenInsert`): one round trip and one commit for a flush of
 * many users' recalls. Where it races a concurrent reinforce (a unique violation, or the two met
 * in another order), each namespace takes the upsert, which waits for the other and adds to it.
 * Committed without waiting for the WAL flush (`ACCESS_WRITE_SETTINGS`).
 */
export async function bumpAccessRows(
  context: StoreContext,
  groups: readonly CheckedReinforcement[],
): Promise<void> {
  const namespaces: string[] = []
  const ids: string[] = []
  const times: Array<Date | null> = []
  for (const group of groups) {
    for (const id of group.ids) {
      namespaces.push(group.namespace)
      ids.push(id)
      times.push(group.at ?? null)
    }
  }
  if (ids.length === 0) return
  const store = routed(context, 'write', [...new Set(namespaces)], ACCESS_WRITE_SETTINGS)
  try {
    await store.writeStatement(REINFORCE_SQL.bumpThenInsert, [namespaces, ids, times])
  } catch (error) {
    if (!raced(error)) throw error
    for (const group of groups) {
      if (group.ids.length === 0) continue
      await routed(context, 'write', group.namespace, ACCESS_WRITE_SETTINGS).writeStatement(
        REINFORCE_SQL.upsert(context.distributed),
        [group.namespace, [...group.ids].sort(), group.at ?? null],
      )
    }
  }
}

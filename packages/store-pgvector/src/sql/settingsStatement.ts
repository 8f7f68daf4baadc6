import type { TransactionSettings } from './TransactionScope.js'

const NAME = /^[a-z_]+(\.[a-z_]+)?$/
const VALUE = /^[A-Za-z0-9_.]+$/

/**
 * One statement setting `settings` until the transaction ends (`set_config(…, true)`, which holds
 * behind transaction poolers), or undefined for none. Inlined, so it can ride in a simple-protocol
 * batch with BEGIN: the names and values are checked to be plain words first. `propagated`: as
 * `SET LOCAL` commands after `citus.propagate_set_commands = 'local'`, the only form Citus carries
 * to the workers that run the transaction's statements (a `set_config` call stays on the coordinator).
 */
export function settingsStatement(
  settings: TransactionSettings | undefined,
  propagated = false,
): string | undefined {
  const entries = Object.entries(settings ?? {})
  if (entries.length === 0) return undefined
  for (const [name, value] of entries) {
    if (!NAME.test(name) || !VALUE.test(value)) throw new Error(`not a plain setting: ${name} = ${value}`)
  }
  if (propagated) {
    return [
      "SET LOCAL citus.propagate_set_commands = 'local'",
      ...entries.map(([name, value]) => `SET LOCAL ${name} = '${value}'`),
    ].join('; ')
  }
  return `SELECT ${entries.map(([name, value]) => `set_config('${name}', '${value}', true)`).join(', ')}`
}

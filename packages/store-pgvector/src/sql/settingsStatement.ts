import type { TransactionSettings } from './TransactionScope.js'

const NAME = /^[a-z_]+(\.[a-z_]+)?$/
const VALUE = /^[A-Za-z0-9_.]+$/

/**
 * One statement setting `settings` until the transaction ends (`set_config(…, true)`, which holds
 * behind transaction poolers), or undefined for none. Inlined, so it can ride in a simple-protocol
 * batch with BEGIN: the names and values are checked to be plain words first.
 */
export function settingsStatement(settings: TransactionSettings | undefined): string | undefined {
  const entries = Object.entries(settings ?? {})
  if (entries.length === 0) return undefined
  for (const [name, value] of entries) {
    if (!NAME.test(name) || !VALUE.test(value)) throw new Error(`not a plain setting: ${name} = ${value}`)
  }
  return `SELECT ${entries.map(([name, value]) => `set_config('${name}', '${value}', true)`).join(', ')}`
}

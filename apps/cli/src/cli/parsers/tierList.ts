import type { Tier } from '@agent-memory/core'
import { tier } from './tier.js'

/** Repeatable `--tier`: collects into a list. */
export function tierList(value: string, previous: Tier[] | undefined): Tier[] {
  return [...(previous ?? []), tier(value)]
}

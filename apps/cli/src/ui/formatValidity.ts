import type { Memory } from '@agent-memory/core'
import { formatTimestamp } from '../output/formatTimestamp.js'

/** `always`, `from …`, `until …` or `… → …`. */
export function formatValidity(memory: Memory): string {
  const from = memory.validFrom === null ? undefined : formatTimestamp(memory.validFrom)
  const to = memory.validTo === null ? undefined : formatTimestamp(memory.validTo)
  if (from === undefined && to === undefined) return 'always'
  if (to === undefined) return `from ${from}`
  if (from === undefined) return `until ${to}`
  return `${from} → ${to}`
}

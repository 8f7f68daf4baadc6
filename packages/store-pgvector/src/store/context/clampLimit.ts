import { InvalidArgumentError } from '@agent-memory/core'

export function clampLimit(limit: unknown, max: number): number {
  if (typeof limit !== 'number' || Number.isNaN(limit)) {
    throw new InvalidArgumentError('limit', 'limit must be a number')
  }
  return Math.min(max, Math.max(1, Math.floor(limit)))
}

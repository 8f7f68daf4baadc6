import { InvalidArgumentError } from '@agent-memory/core'

const MAX_SEARCH_LIMIT = 1000

export function searchLimit(limit: number): number {
  if (!Number.isFinite(limit) || limit < 1) {
    throw new InvalidArgumentError('limit', `limit must be at least 1, got ${limit}`)
  }
  return Math.min(MAX_SEARCH_LIMIT, Math.trunc(limit))
}

import { InvalidArgumentError } from '@agent-memory/core'

export function checkIds(ids: unknown): string[] {
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) {
    throw new InvalidArgumentError('ids', 'ids must be an array of strings')
  }
  return ids as string[]
}

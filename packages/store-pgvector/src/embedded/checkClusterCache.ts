import { InvalidArgumentError } from '@agent-memory/core'

/** `clusterCache` is `false` or a directory path: anything else would file 40 MB somewhere unasked. */
export function checkClusterCache(value: unknown): void {
  if (value === false || (typeof value === 'string' && value.trim() !== '' && !value.includes('\0'))) return
  throw new InvalidArgumentError(
    'clusterCache',
    `clusterCache must be a directory path, or false for none; got ${JSON.stringify(String(value).slice(0, 40))}`,
  )
}

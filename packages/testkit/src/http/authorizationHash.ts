import { createHash } from 'node:crypto'

/** What the fake servers record instead of an Authorization header: enough to compare, never the key. */
export function authorizationHash(value: string): string {
  return `sha256:${createHash('sha256').update(value).digest('hex').slice(0, 16)}`
}

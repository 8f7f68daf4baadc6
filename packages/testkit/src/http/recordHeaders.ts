import type { IncomingMessage } from 'node:http'
import { authorizationHash } from './authorizationHash.js'

/** Request headers as the fake servers record them: lower-cased names, `authorization` hashed. */
export function recordHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    const text = Array.isArray(value) ? value.join(', ') : value
    headers[name] = name === 'authorization' ? authorizationHash(text) : text
  }
  return headers
}

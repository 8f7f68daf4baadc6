import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendJson } from './sendJson.js'

/**
 * With `apiKey` set, a request without `Authorization: Bearer <apiKey>` gets a 401 that echoes
 * nothing, recorded as `unauthorized`. Returns whether it was refused.
 */
export function refuseUnauthorized(
  req: IncomingMessage,
  res: ServerResponse,
  apiKey: string | undefined,
  record: { outcome: string; status?: number },
): boolean {
  if (apiKey === undefined || req.headers.authorization === `Bearer ${apiKey}`) return false
  record.outcome = 'unauthorized'
  record.status = 401
  sendJson(res, 401, { error: { message: 'No auth credentials found', code: 401 } })
  return true
}

import type { ServerResponse } from 'node:http'
import { sendJson } from './sendJson.js'

/** `sendJson` to `res` that also records the status sent on the request's record. */
export function recordingSender(
  res: ServerResponse,
  record: { status?: number },
): (status: number, payload: unknown, headers?: Record<string, string>) => void {
  return (status, payload, headers = {}) => {
    record.status = status
    sendJson(res, status, payload, headers)
  }
}

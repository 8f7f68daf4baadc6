import type { IncomingMessage } from 'node:http'
import { parseJsonBody } from './parseJsonBody.js'
import { readBody } from './readBody.js'
import { recordHeaders } from './recordHeaders.js'

/**
 * What both fake servers read from a request before deciding anything: its line, its headers as
 * recorded, and its body raw (`undefined`: over `maxBytes`) and parsed (`undefined`: not JSON).
 */
export async function receiveRequest(
  req: IncomingMessage,
  maxBytes: number,
): Promise<{
  method: string
  path: string
  headers: Record<string, string>
  raw: string | undefined
  body: unknown
}> {
  const raw = await readBody(req, maxBytes)
  return {
    method: req.method ?? '',
    path: (req.url ?? '').split('?')[0] ?? '',
    headers: recordHeaders(req),
    raw,
    body: parseJsonBody(raw),
  }
}

import type { ServerResponse } from 'node:http'
import { sendJson } from './sendJson.js'

/**
 * Lets a fake server's handler fail loudly rather than leave its client hanging: a 500 when
 * nothing was sent yet, otherwise the connection is cut.
 */
export function answerSafely(res: ServerResponse, handling: Promise<void>): void {
  handling.catch(() => {
    if (!res.headersSent) sendJson(res, 500, { error: { message: 'fake server failure', code: 500 } })
    else res.destroy()
  })
}

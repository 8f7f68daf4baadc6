import type { IncomingMessage } from 'node:http'

/** A request body as UTF-8, or undefined when it is larger than `maxBytes` (read to the end either way). */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) tooLarge = true
      else chunks.push(chunk)
    })
    req.on('end', () => resolve(tooLarge ? undefined : Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

// A scripted model API on 127.0.0.1: the SDK under test talks real HTTP to it, and the script sees
// exactly what the SDK sent (the adapter's answers included).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ScriptedServer {
  url: string
  requests: Array<{ path: string; body: unknown }>
  close: () => Promise<void>
}

export async function scriptedServer(replies: Array<(body: unknown) => unknown>): Promise<ScriptedServer> {
  const requests: ScriptedServer['requests'] = []
  const server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8')
    })
    req.on('end', () => {
      const body: unknown = raw === '' ? undefined : JSON.parse(raw)
      requests.push({ path: req.url ?? '', body })
      const reply = replies[requests.length - 1]
      res.setHeader('content-type', 'application/json')
      if (reply === undefined) {
        res.statusCode = 500
        res.end(JSON.stringify({ error: { message: 'no scripted reply left' } }))
        return
      }
      res.end(JSON.stringify(reply(body)))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

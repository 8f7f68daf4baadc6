import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { startCli } from './__fixtures__/cliProcess.js'
import { useTemporaryDirectory } from './__fixtures__/useTemporaryDirectory.js'

interface RpcMessage {
  jsonrpc: string
  id?: number | string | null
  result?: { tools?: Array<{ name: string }> }
  error?: { code: number; message: string }
}

describe('agent-memory mcp with hostile stdin (subprocess)', () => {
  const temp = useTemporaryDirectory()

  it('answers a line over 10 MB and a non-JSON line with errors, and keeps serving', async () => {
    const server = await startCli(
      ['mcp', '--namespace', 'ivan', '--data-dir', path.join(temp.dir, 'store')],
      /serving memory_search/,
    )
    const messages = () =>
      server
        .stdout()
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as RpcMessage)
    const waitForCount = async (count: number) => {
      for (let attempt = 0; attempt < 1200 && messages().length < count; attempt++) {
        if (server.child.exitCode !== null) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const all = messages()
      if (all.length < count) {
        throw new Error(
          `${all.length} of ${count} replies; exit ${server.child.exitCode}; ${server.stderr()}`,
        )
      }
      return all
    }
    const send = (text: string) =>
      new Promise<void>((resolve) => {
        if (server.child.stdin!.write(text)) resolve()
        else server.child.stdin!.once('drain', () => resolve())
      })
    try {
      await send(
        `${JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 't', version: '1' },
          },
        })}\n`,
      )
      await waitForCount(1)
      await send(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`)
      // 12 MB in chunks, with the id up front as some clients write it: no id can be recovered.
      await send(
        `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"memory_search","arguments":{"query":"`,
      )
      const block = 'x'.repeat(1024 * 1024)
      for (let i = 0; i < 12; i++) await send(block)
      await send('"}}}\n')
      await send('this is not json\n')
      await send(`${JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' })}\n`)
      const [, oversized, garbage, listed] = await waitForCount(4)
      expect(oversized).toMatchObject({
        id: null,
        error: { code: -32600, message: expect.stringMatching(/over the limit of 10485760/) },
      })
      expect(garbage).toMatchObject({ id: null, error: { code: -32700 } })
      expect(listed?.id).toBe(3)
      expect(listed?.result?.tools?.map((tool) => tool.name)).toContain('memory_search')
      expect(server.child.exitCode).toBeNull()
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })
})

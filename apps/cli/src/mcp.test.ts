import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, startCli } from './__fixtures__/cliProcess.js'
import { useTemporaryDirectory } from './__fixtures__/useTemporaryDirectory.js'

describe('agent-memory mcp (subprocess over stdio)', () => {
  const temp = useTemporaryDirectory()

  it('speaks only JSON-RPC on stdout and serves memory_search for its namespace', async () => {
    const dataDir = path.join(temp.dir, 'store')
    const cli = (...args: string[]) => runCli([...args, '--data-dir', dataDir])
    expect((await cli('remember', 'Ivan is learning to play chess', '--namespace', 'ivan')).code).toBe(0)
    expect((await cli('remember', 'Judy is learning to play chess', '--namespace', 'judy')).code).toBe(0)

    const server = await startCli(
      ['mcp', '--namespace', 'ivan', '--data-dir', dataDir],
      /serving memory_search/,
    )
    const responses = new Map<
      number,
      { result?: { content?: Array<{ text: string }>; tools?: Array<{ name: string }> } }
    >()
    const waitFor = async (id: number) => {
      for (let attempt = 0; attempt < 600 && !responses.has(id); attempt++) {
        for (const line of server
          .stdout()
          .split('\n')
          .filter((text) => text.trim() !== '')) {
          const message = JSON.parse(line) as { jsonrpc: string; id?: number }
          expect(message.jsonrpc).toBe('2.0')
          if (typeof message.id === 'number') responses.set(message.id, message as never)
        }
        if (!responses.has(id)) await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const response = responses.get(id)
      if (response === undefined) throw new Error(`no response ${id}; stderr:\n${server.stderr()}`)
      return response
    }
    const send = (message: object) => server.child.stdin!.write(`${JSON.stringify(message)}\n`)
    try {
      send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'test', version: '1' },
        },
      })
      await waitFor(1)
      send({ jsonrpc: '2.0', method: 'notifications/initialized' })
      send({ jsonrpc: '2.0', id: 2, method: 'tools/list' })
      const tools = (await waitFor(2)).result?.tools?.map((tool) => tool.name)
      expect(tools).toEqual(expect.arrayContaining(['memory_search', 'memory_remember', 'memory_forget']))
      send({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'memory_search', arguments: { query: 'who plays chess' } },
      })
      const text = (await waitFor(3)).result?.content?.[0]?.text ?? ''
      expect(text).toMatch(/^1\. \[score \d\.\d\d \| [^\]]+\] Ivan is learning to play chess$/)
      expect(text).not.toContain('Judy')
      send({
        jsonrpc: '2.0',
        id: 4,
        method: 'tools/call',
        params: { name: 'memory_remember', arguments: { content: 'Ivan prefers the Sicilian defence' } },
      })
      await waitFor(4)
    } finally {
      expect(await server.stop()).toBe(0)
    }
    expect(server.stderr()).toContain('agent-memory mcp: stopped')
    const found = await cli('search', 'Sicilian defence', '--namespace', 'ivan', '--json')
    expect(JSON.parse(found.stdout).hits[0].memory.content).toBe('Ivan prefers the Sicilian defence')
  })
})

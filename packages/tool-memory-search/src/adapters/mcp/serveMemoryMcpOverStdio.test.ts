import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterEach, describe, expect, it } from 'vitest'

const FIXTURE = fileURLToPath(new URL('./__fixtures__/stdioMemoryServer.mjs', import.meta.url))
const BUILT = fileURLToPath(new URL('../../../dist/adapters/mcp/index.js', import.meta.url))

describe('MCP server over stdio: a message over 10 MB (spawned, SDK client)', () => {
  let client: Client | undefined
  let transport: StdioClientTransport | undefined
  afterEach(async () => {
    await client?.close()
  })

  it('answers the oversized call with an error and keeps serving', async () => {
    expect(existsSync(BUILT), 'build the package first: npx tsc -p tsconfig.build.json').toBe(true)
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [FIXTURE],
      env: { ...(process.env as Record<string, string>), MEMORY_NAMESPACE: 'u1' },
      stderr: 'pipe',
    })
    client = new Client({ name: 'agent-memory-test', version: '0.0.0' })
    let closed = false
    client.onclose = () => {
      closed = true
    }
    await client.connect(transport)

    const huge = 'vegetarian '.repeat(1_100_000) // ~12 MB in one JSON-RPC line
    const refused = await client.callTool({ name: 'memory_search', arguments: { query: huge } }).then(
      () => undefined,
      (error: unknown) => error as Error,
    )
    expect(refused?.message).toMatch(/request refused: the message is \d+ bytes, over the limit of 10485760/)

    const after = (await client.callTool({
      name: 'memory_search',
      arguments: { query: 'What does the user eat? vegetarian meat' },
    })) as { content: Array<{ text?: string }>; isError?: boolean }
    expect(after.isError).not.toBe(true)
    expect(after.content[0]?.text).toMatch(/vegetarian/)
    expect(transport.pid).not.toBeNull()
    expect(closed).toBe(false)
  })
})

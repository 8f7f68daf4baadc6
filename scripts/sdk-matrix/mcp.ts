// @modelcontextprotocol/sdk: a real MCP client over stdio calls memory_search on the README's server
// (readme-mcp.ts: the README's example as written, on the seeded memory).
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { check, FACT } from './memory.js'

const transport = new StdioClientTransport({
  command: process.execPath,
  args: [fileURLToPath(new URL('./readme-mcp.js', import.meta.url))],
  env: { ...(process.env as Record<string, string>), AGENT_MEMORY_NAMESPACE: 'u1' },
  stderr: 'inherit',
})
const client = new Client({ name: 'sdk-matrix', version: '0.0.0' })
await client.connect(transport)
try {
  const { tools } = await client.listTools()
  check(
    tools.map((t) => t.name).join() === 'memory_search,memory_remember,memory_forget,memory_profile',
    `tools: ${JSON.stringify(tools)}`,
  )
  const result = await client.callTool({
    name: 'memory_search',
    arguments: { query: 'Is the user vegetarian?' },
  })
  const content = result.content as Array<{ type: string; text?: string }>
  check(
    content[0]?.text?.includes(FACT) === true && result.isError !== true,
    `result: ${JSON.stringify(result)}`,
  )
  console.log('round trip ok: MCP client over stdio, memory_search')
} finally {
  await client.close()
}

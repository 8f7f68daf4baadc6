import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { BoundedStdioServerTransport } from './BoundedStdioServerTransport.js'
import { createMemoryMcpServer } from './createMemoryMcpServer.js'
import type { MemoryMcpServerOptions } from './MemoryMcpServerOptions.js'

/**
 * Runs the memory MCP server on this process's stdin/stdout (how desktop hosts and IDEs launch
 * servers). Stdout belongs to the protocol: log to stderr only. A message over 10 MiB or a line
 * that is not JSON-RPC is answered with an error and the server keeps serving
 * (`BoundedStdioServerTransport`).
 */
export async function serveMemoryMcpOverStdio(options: MemoryMcpServerOptions): Promise<McpServer> {
  const server = createMemoryMcpServer(options)
  await server.connect(new BoundedStdioServerTransport())
  return server
}

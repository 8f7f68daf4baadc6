import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { createMemoryMcpServer } from './createMemoryMcpServer.js'
import type { MemoryMcpServerOptions } from './MemoryMcpServerOptions.js'

/**
 * Runs the memory MCP server on this process's stdin/stdout (how desktop hosts and IDEs launch
 * servers). Stdout belongs to the protocol: log to stderr only.
 */
export async function serveMemoryMcpOverStdio(options: MemoryMcpServerOptions): Promise<McpServer> {
  const server = createMemoryMcpServer(options)
  await server.connect(new StdioServerTransport())
  return server
}

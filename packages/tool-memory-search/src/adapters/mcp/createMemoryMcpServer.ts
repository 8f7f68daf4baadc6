import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { callMemoryTool } from '../../run/callMemoryTool.js'
import { requireToolSetNamespace } from '../../run/requireToolSetNamespace.js'
import { selectMemoryTools } from '../../run/selectMemoryTools.js'
import { MEMORY_MCP_ANNOTATIONS } from './MEMORY_MCP_ANNOTATIONS.js'
import { MEMORY_MCP_INSTRUCTIONS } from './MEMORY_MCP_INSTRUCTIONS.js'
import type { MemoryMcpServerOptions } from './MemoryMcpServerOptions.js'

/**
 * An MCP server exposing `memory_search` (and, unless `allowWrite: false`, `memory_remember` and
 * `memory_forget`) for one namespace. Connect it to a transport: `await server.connect(transport)`.
 *
 * The tool handlers sit on the underlying `Server` (the route McpServer documents for custom
 * handlers) rather than `registerTool`: registerTool would validate arguments with the SDK's own
 * message and list a re-derived schema, while the spec fixes both the validation sentence and the
 * parameters. Here `tools/list` carries the package's JSON Schema as is and every argument
 * problem is answered with the spec's sentence (`isError: true`).
 */
export function createMemoryMcpServer(options: MemoryMcpServerOptions): McpServer {
  const namespace = requireToolSetNamespace(
    options.namespace,
    'createMemoryMcpServer',
    'Pass the user this server serves: { namespace: "<user id>" }.',
  )
  const selection = { allowWrite: options.allowWrite ?? true }
  const tools = selectMemoryTools(selection)
  const instructions =
    selection.allowWrite === true
      ? `${MEMORY_MCP_INSTRUCTIONS.search} ${MEMORY_MCP_INSTRUCTIONS.write}`
      : MEMORY_MCP_INSTRUCTIONS.search
  const server = new McpServer(options.serverInfo ?? { name: 'agent-memory', version: '0.1.0' }, {
    capabilities: { tools: { listChanged: false } },
    instructions,
  })
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      title: MEMORY_MCP_ANNOTATIONS[tool.name].title,
      description: tool.description,
      inputSchema: tool.parameters as { type: 'object'; [key: string]: unknown },
      annotations: MEMORY_MCP_ANNOTATIONS[tool.name],
    })),
  }))
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const outcome = await callMemoryTool(
      request.params.name,
      request.params.arguments,
      {
        memory: options.memory,
        namespace,
        signal: extra.signal,
        ...(options.onError ? { onError: options.onError } : {}),
      },
      selection,
    )
    return {
      content: [{ type: 'text' as const, text: outcome.text }],
      ...(outcome.isError ? { isError: true } : {}),
    }
  })
  return server
}

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { callMemoryProfile } from '../../run/callMemoryProfile.js'
import { callMemoryTool } from '../../run/callMemoryTool.js'
import { requireToolSetNamespace } from '../../run/requireToolSetNamespace.js'
import { selectMemoryTools } from '../../run/selectMemoryTools.js'
import { MEMORY_MCP_ANNOTATIONS } from './MEMORY_MCP_ANNOTATIONS.js'
import { MEMORY_MCP_INSTRUCTIONS } from './MEMORY_MCP_INSTRUCTIONS.js'
import type { MemoryMcpServerOptions } from './MemoryMcpServerOptions.js'
import { PROFILE_RESOURCE_URI } from './PROFILE_RESOURCE_URI.js'

/**
 * An MCP server exposing `memory_search` (and, unless `allowWrite: false`, `memory_remember` and
 * `memory_forget`; unless `profile: false`, `memory_profile` and the same profile as the resource
 * `memory://profile`) for one namespace. Connect it to a transport: `await server.connect(transport)`.
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
  const selection = { allowWrite: options.allowWrite ?? true, profile: options.profile ?? true }
  const tools = selectMemoryTools(selection)
  const instructions = [
    MEMORY_MCP_INSTRUCTIONS.search,
    ...(selection.profile ? [MEMORY_MCP_INSTRUCTIONS.profile] : []),
    ...(selection.allowWrite ? [MEMORY_MCP_INSTRUCTIONS.write] : []),
  ].join(' ')
  const server = new McpServer(options.serverInfo ?? { name: 'agent-memory', version: '0.1.0' }, {
    capabilities: { tools: { listChanged: false } },
    instructions,
  })
  if (selection.profile) {
    server.registerResource(
      'profile',
      PROFILE_RESOURCE_URI,
      {
        title: "The user's profile",
        description:
          'The most important lasting facts and preferences stored about this user, the same on every read while nothing changes.',
        mimeType: 'text/plain',
      },
      async (uri, extra) => {
        const outcome = await callMemoryProfile(
          {},
          {
            memory: options.memory,
            namespace,
            signal: extra.signal,
            ...(options.onError ? { onError: options.onError } : {}),
          },
        )
        return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: outcome.text }] }
      },
    )
  }
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

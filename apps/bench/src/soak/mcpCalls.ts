import { TOOL_SENTENCES } from '@agent-memory/tool-memory-search'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { SoakCalls } from './SoakCalls.js'

const textOf = (result: unknown): string =>
  ((result as { content?: Array<{ type: string; text?: string }> }).content ?? [])
    .map((part) => part.text ?? '')
    .join('')

/**
 * `memory_search`, `memory_remember` and `memory_forget` through an MCP client connected to the
 * MCP server of the client's namespace; the calls MCP has no tool for through `rest`.
 */
export function mcpCalls(client: Client, rest: SoakCalls): SoakCalls {
  const call = async (name: string, args: Record<string, unknown>): Promise<string> => {
    const result = await client.callTool({ name, arguments: args })
    const text = textOf(result)
    if (result.isError === true) throw new Error(`${name}: ${text}`)
    return text
  }
  return {
    ...rest,
    paths: { search: 'mcp', remember: 'mcp', forget: 'mcp' },
    async search(_namespace, query) {
      const text = await call('memory_search', { query })
      if (text.startsWith(TOOL_SENTENCES.searchUnavailable)) throw new Error(`memory_search: ${text}`)
      return { degraded: text.includes(TOOL_SENTENCES.keywordOnlyNotice) }
    },
    async remember(_namespace, content) {
      const text = await call('memory_remember', { content })
      const id = /Memory id: (\S+)/.exec(text)?.[1]
      if (id === undefined) throw new Error(`memory_remember: ${text}`)
      return { id, degraded: text.includes(TOOL_SENTENCES.rememberedPending) }
    },
    async forget(_namespace, id) {
      const text = await call('memory_forget', { id })
      if (text !== TOOL_SENTENCES.forgotten) throw new Error(`memory_forget: ${text}`)
    },
  }
}

import type { Tool } from '@openai/agents'
import type { AgentsSdkMemoryToolsOptions } from './AgentsSdkMemoryToolsOptions.js'
import { memoryAgentTools } from './memoryAgentTools.js'

/**
 * Just `memory_search` as an OpenAI Agents SDK tool:
 * `new Agent({ tools: [memorySearchAgentTool({ memory, namespaceFromContext: (context) => context.userId })] })`.
 */
export function memorySearchAgentTool<TContext = unknown>(
  options: AgentsSdkMemoryToolsOptions<TContext> & { allowWrite?: never },
): Tool<TContext> {
  return memoryAgentTools<TContext>({ ...options, allowWrite: false, profile: false })[0]!
}

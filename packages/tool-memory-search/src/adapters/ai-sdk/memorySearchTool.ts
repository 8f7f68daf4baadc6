import type { Tool } from 'ai'
import type { AiSdkMemoryToolsOptions } from './AiSdkMemoryToolsOptions.js'
import { createAiSdkTools } from './createAiSdkTools.js'

/**
 * Just `memory_search` as an AI SDK tool:
 * `tools: { memory_search: memorySearchTool({ memory, namespace: session.userId }) }`.
 */
export function memorySearchTool(options: AiSdkMemoryToolsOptions & { allowWrite?: never }): Tool {
  const tools = createAiSdkTools({ ...options, allowWrite: false })
  return tools.memory_search!
}

import type { Tool } from 'ai'
import type { AiSdkMemoryToolsOptions } from './AiSdkMemoryToolsOptions.js'
import { createAiSdkTools } from './createAiSdkTools.js'

/** Just `memory_search` as an AI SDK tool: `tools: { memory_search: memorySearchTool({ memory }) }`. */
export function memorySearchTool(options: Omit<AiSdkMemoryToolsOptions, 'allowWrite'>): Tool {
  const tools = createAiSdkTools({ ...options, allowWrite: false })
  return tools.memory_search!
}

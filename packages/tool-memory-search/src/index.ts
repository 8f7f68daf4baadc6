export { DEFAULT_MIN_SCORE, formatMemorySearchResult, renderContentAsData } from '@agent-memory/core'
export { type AnthropicTool, anthropicTools } from './adapters/anthropic/anthropicTools.js'
export {
  type AnthropicContentBlock,
  type AnthropicToolResultBlock,
  handleAnthropicToolUses,
} from './adapters/anthropic/handleAnthropicToolUses.js'
export {
  handleOpenAIResponsesFunctionCalls,
  type OpenAIResponsesFunctionCallOutput,
  type OpenAIResponsesOutputItem,
} from './adapters/openai/handleOpenAIResponsesFunctionCalls.js'
export {
  handleOpenAIToolCalls,
  type OpenAIChatToolCall,
  type OpenAIChatToolMessage,
} from './adapters/openai/handleOpenAIToolCalls.js'
export {
  type OpenAIChatCompletionsTool,
  openAIChatCompletionsTools,
} from './adapters/openai/openAIChatCompletionsTools.js'
export { type OpenAIResponsesTool, openAIResponsesTools } from './adapters/openai/openAIResponsesTools.js'
export { isMemoryToolName } from './definitions/isMemoryToolName.js'
export { MEMORY_SEARCH_SPEC_PARAMETERS } from './definitions/MEMORY_SEARCH_SPEC_PARAMETERS.js'
export { MEMORY_TOOL_NAMES, type MemoryToolName } from './definitions/MEMORY_TOOL_NAMES.js'
export type { MemoryToolDefinition } from './definitions/MemoryToolDefinition.js'
export { type MemoryForgetArgs, memoryForgetDefinition } from './definitions/memoryForgetDefinition.js'
export {
  MEMORY_REMEMBER_MAX_CONTENT,
  MEMORY_REMEMBER_MAX_TAGS,
  type MemoryRememberArgs,
  memoryRememberDefinition,
} from './definitions/memoryRememberDefinition.js'
export {
  MEMORY_SEARCH_MAX_QUERY_LENGTH,
  type MemorySearchArgs,
  memorySearchDefinition,
} from './definitions/memorySearchDefinition.js'
export { TOOL_SENTENCES } from './definitions/TOOL_SENTENCES.js'
export { callMemoryForget } from './run/callMemoryForget.js'
export { callMemoryRemember } from './run/callMemoryRemember.js'
export { callMemorySearch } from './run/callMemorySearch.js'
export { callMemoryTool } from './run/callMemoryTool.js'
export type { MemoryToolContext } from './run/MemoryToolContext.js'
export type { MemoryToolSelection } from './run/MemoryToolSelection.js'
export { runMemoryForget } from './run/runMemoryForget.js'
export { runMemoryRemember } from './run/runMemoryRemember.js'
export { runMemorySearch } from './run/runMemorySearch.js'
export { selectMemoryTools } from './run/selectMemoryTools.js'
export type { ToolOutcome } from './run/ToolOutcome.js'

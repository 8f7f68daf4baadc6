import type { ToolParametersJsonSchema } from '@agent-memory/core'
import type { MemoryToolSelection } from '../../run/MemoryToolSelection.js'
import { selectMemoryTools } from '../../run/selectMemoryTools.js'

/**
 * One entry of the Messages API's `tools`, assignable to the SDK's `Tool` (whose `input_schema`
 * must be typed `{ type: 'object', … }`).
 */
export interface AnthropicTool {
  name: string
  description: string
  input_schema: ToolParametersJsonSchema
}

/** The tools for `anthropic.messages.create({ tools })`. */
export function anthropicTools(selection: MemoryToolSelection = {}): AnthropicTool[] {
  return selectMemoryTools(selection).map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.parameters,
  }))
}

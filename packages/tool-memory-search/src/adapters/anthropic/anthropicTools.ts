import type { MemoryToolSelection } from '../../run/MemoryToolSelection.js'
import { selectMemoryTools } from '../../run/selectMemoryTools.js'

/** One entry of the Messages API's `tools`. */
export interface AnthropicTool {
  name: string
  description: string
  input_schema: Record<string, unknown>
}

/** The tools for `anthropic.messages.create({ tools })`. */
export function anthropicTools(selection: MemoryToolSelection = {}): AnthropicTool[] {
  return selectMemoryTools(selection).map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.parameters,
  }))
}

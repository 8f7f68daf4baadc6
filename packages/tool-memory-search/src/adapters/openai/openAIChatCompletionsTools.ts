import type { MemoryToolSelection } from '../../run/MemoryToolSelection.js'
import { selectMemoryTools } from '../../run/selectMemoryTools.js'

/** One entry of Chat Completions' `tools`. */
export interface OpenAIChatCompletionsTool {
  type: 'function'
  function: { name: string; description: string; parameters: Record<string, unknown> }
}

/**
 * The tools for `openai.chat.completions.create({ tools })`. Not `strict`: strict mode requires
 * every property to be required, and `limit` is optional by the spec.
 */
export function openAIChatCompletionsTools(selection: MemoryToolSelection = {}): OpenAIChatCompletionsTool[] {
  return selectMemoryTools(selection).map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }))
}

import type { MemoryToolSelection } from '../../run/MemoryToolSelection.js'
import { selectMemoryTools } from '../../run/selectMemoryTools.js'

/** One entry of the Responses API's `tools` (a flat function tool). */
export interface OpenAIResponsesTool {
  type: 'function'
  name: string
  description: string
  parameters: Record<string, unknown>
  strict: false
}

/**
 * The tools for `openai.responses.create({ tools })`. `strict: false` is explicit because the
 * Responses API defaults to strict, which would require the optional `limit`.
 */
export function openAIResponsesTools(selection: MemoryToolSelection = {}): OpenAIResponsesTool[] {
  return selectMemoryTools(selection).map((tool) => ({
    type: 'function',
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    strict: false,
  }))
}

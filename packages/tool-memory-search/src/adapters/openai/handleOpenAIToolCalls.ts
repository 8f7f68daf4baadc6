import { callMemoryTool } from '../../run/callMemoryTool.js'
import type { MemoryToolContext } from '../../run/MemoryToolContext.js'
import type { MemoryToolSelection } from '../../run/MemoryToolSelection.js'

/** A Chat Completions `tool_calls` entry, as the OpenAI SDK returns it. */
export interface OpenAIChatToolCall {
  id: string
  type?: string
  function: { name: string; arguments: string }
}

/** The message that answers one tool call. */
export interface OpenAIChatToolMessage {
  role: 'tool'
  tool_call_id: string
  content: string
}

/**
 * Answers every call of an assistant message's `tool_calls` (Chat Completions requires one `tool`
 * message per call id), in order. The namespace comes from `ctx`, never from the arguments.
 */
export async function handleOpenAIToolCalls(
  toolCalls: readonly OpenAIChatToolCall[],
  ctx: MemoryToolContext,
  selection: MemoryToolSelection = {},
): Promise<OpenAIChatToolMessage[]> {
  return Promise.all(
    toolCalls.map(async (call) => {
      // The JSON string goes to the validator as is: it caps the size before parsing.
      const outcome = await callMemoryTool(call.function?.name, call.function?.arguments, ctx, selection)
      return { role: 'tool' as const, tool_call_id: call.id, content: outcome.text }
    }),
  )
}

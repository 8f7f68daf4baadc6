import { callMemoryTool } from '../../run/callMemoryTool.js'
import type { MemoryToolContext } from '../../run/MemoryToolContext.js'
import type { MemoryToolSelection } from '../../run/MemoryToolSelection.js'

/**
 * A Chat Completions `tool_calls` entry as the OpenAI SDK types it (4.x through 7.x): since 5.20
 * the SDK's type is a union that includes custom tool calls, which have no `function`. Written
 * structurally so no SDK is a dependency and `message.tool_calls` passes as is.
 */
export interface OpenAIChatToolCall {
  readonly id: string
  readonly type?: string
  readonly function?: { readonly name: string; readonly arguments: string }
  /** A custom tool call's payload (openai >= 5.20); such calls are skipped. */
  readonly custom?: unknown
}

/** The message that answers one tool call. */
export interface OpenAIChatToolMessage {
  role: 'tool'
  tool_call_id: string
  content: string
}

/**
 * Answers the function calls of an assistant message's `tool_calls` (Chat Completions requires one
 * `tool` message per call id), in order. Custom tool calls (`type: 'custom'`) are the host's own and
 * are skipped. The namespace comes from `ctx`, never from the arguments.
 */
export async function handleOpenAIToolCalls(
  toolCalls: readonly OpenAIChatToolCall[],
  ctx: MemoryToolContext,
  selection: MemoryToolSelection = {},
): Promise<OpenAIChatToolMessage[]> {
  const functionCalls = toolCalls.filter(
    (call) => (call.type === undefined || call.type === 'function') && call.function !== undefined,
  )
  return Promise.all(
    functionCalls.map(async (call) => {
      // The JSON string goes to the validator as is: it caps the size before parsing.
      const outcome = await callMemoryTool(call.function?.name, call.function?.arguments, ctx, selection)
      return { role: 'tool' as const, tool_call_id: call.id, content: outcome.text }
    }),
  )
}

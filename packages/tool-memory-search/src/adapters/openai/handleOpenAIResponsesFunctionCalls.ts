import { callMemoryTool } from '../../run/callMemoryTool.js'
import type { MemoryToolContext } from '../../run/MemoryToolContext.js'
import type { MemoryToolSelection } from '../../run/MemoryToolSelection.js'

/** A Responses API output item; only `function_call` items are answered. */
export interface OpenAIResponsesOutputItem {
  type: string
  call_id?: string
  name?: string
  arguments?: string
}

/** The input item that answers one `function_call`. */
export interface OpenAIResponsesFunctionCallOutput {
  type: 'function_call_output'
  call_id: string
  output: string
}

/**
 * Answers the `function_call` items of a response's `output` (messages and reasoning items are
 * skipped), in order, ready to append to the next request's `input`.
 */
export async function handleOpenAIResponsesFunctionCalls(
  output: readonly OpenAIResponsesOutputItem[],
  ctx: MemoryToolContext,
  selection: MemoryToolSelection = {},
): Promise<OpenAIResponsesFunctionCallOutput[]> {
  const calls = output.filter((item) => item.type === 'function_call' && typeof item.call_id === 'string')
  return Promise.all(
    calls.map(async (call) => {
      const outcome = await callMemoryTool(call.name, call.arguments, ctx, selection)
      return { type: 'function_call_output' as const, call_id: call.call_id!, output: outcome.text }
    }),
  )
}

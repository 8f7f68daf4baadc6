import { callMemoryTool } from '../../run/callMemoryTool.js'
import type { MemoryToolContext } from '../../run/MemoryToolContext.js'
import type { MemoryToolSelection } from '../../run/MemoryToolSelection.js'

/**
 * Any item of a Responses API `output`. Only the discriminator is typed: the SDK's union has some
 * thirty item kinds whose other fields change between majors (`call_id: string | null` on some in
 * 6.x and 7.x), and only `function_call` items are read, their fields checked at run time. The
 * fields read are listed as `unknown` so hand-written items type-check too.
 */
export interface OpenAIResponsesOutputItem {
  readonly type: string
  readonly id?: unknown
  readonly call_id?: unknown
  readonly name?: unknown
  readonly arguments?: unknown
}

/** The input item that answers one `function_call`. */
export interface OpenAIResponsesFunctionCallOutput {
  type: 'function_call_output'
  call_id: string
  output: string
}

interface FunctionCallItem {
  type: 'function_call'
  call_id: string
  name: unknown
  arguments: unknown
}

function isFunctionCall(item: OpenAIResponsesOutputItem): item is FunctionCallItem {
  return item.type === 'function_call' && typeof item.call_id === 'string'
}

/**
 * Answers the `function_call` items of a response's `output` (messages, reasoning and every other
 * item kind are skipped), in order, ready to append to the next request's `input`.
 */
export async function handleOpenAIResponsesFunctionCalls(
  output: readonly OpenAIResponsesOutputItem[],
  ctx: MemoryToolContext,
  selection: MemoryToolSelection = {},
): Promise<OpenAIResponsesFunctionCallOutput[]> {
  return Promise.all(
    output.filter(isFunctionCall).map(async (call) => {
      const outcome = await callMemoryTool(call.name, call.arguments, ctx, selection)
      return { type: 'function_call_output' as const, call_id: call.call_id, output: outcome.text }
    }),
  )
}

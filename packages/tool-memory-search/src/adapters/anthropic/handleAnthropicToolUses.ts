import { callMemoryTool } from '../../run/callMemoryTool.js'
import type { MemoryToolContext } from '../../run/MemoryToolContext.js'
import type { MemoryToolSelection } from '../../run/MemoryToolSelection.js'

/** A content block of an assistant message; only `tool_use` blocks are answered. */
export interface AnthropicContentBlock {
  type: string
  id?: string
  name?: string
  input?: unknown
}

/** The block that answers one `tool_use`. */
export interface AnthropicToolResultBlock {
  type: 'tool_result'
  tool_use_id: string
  content: string
  /** Set when the call was refused (bad arguments, unknown tool), so the model knows to retry. */
  is_error?: true
}

/**
 * Answers the `tool_use` blocks of an assistant message's `content`, in order, ready to send as
 * the next user message's content. The namespace comes from `ctx`, never from the input.
 */
export async function handleAnthropicToolUses(
  content: readonly AnthropicContentBlock[],
  ctx: MemoryToolContext,
  selection: MemoryToolSelection = {},
): Promise<AnthropicToolResultBlock[]> {
  const uses = content.filter((block) => block.type === 'tool_use' && typeof block.id === 'string')
  return Promise.all(
    uses.map(async (use) => {
      const outcome = await callMemoryTool(use.name, use.input, ctx, selection)
      return {
        type: 'tool_result' as const,
        tool_use_id: use.id!,
        content: outcome.text,
        ...(outcome.isError ? { is_error: true as const } : {}),
      }
    }),
  )
}

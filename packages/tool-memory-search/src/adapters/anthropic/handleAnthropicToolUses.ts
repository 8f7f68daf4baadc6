import { callMemoryTool } from '../../run/callMemoryTool.js'
import type { MemoryToolContext } from '../../run/MemoryToolContext.js'
import type { MemoryToolSelection } from '../../run/MemoryToolSelection.js'

/**
 * Any content block of an assistant message (`reply.content` as the SDK types it). Only the
 * discriminator is typed, so new block kinds in later SDKs still pass; only `tool_use` blocks are
 * read, their fields checked at run time. The fields read are listed as `unknown` so hand-written
 * blocks type-check too.
 */
export interface AnthropicContentBlock {
  readonly type: string
  readonly id?: unknown
  readonly name?: unknown
  readonly input?: unknown
}

/** The block that answers one `tool_use`. */
export interface AnthropicToolResultBlock {
  type: 'tool_result'
  tool_use_id: string
  content: string
  /** Set when the call was refused (bad arguments, unknown tool), so the model knows to retry. */
  is_error?: true
}

interface ToolUseBlock {
  type: 'tool_use'
  id: string
  name: unknown
  input: unknown
}

function isToolUse(block: AnthropicContentBlock): block is ToolUseBlock {
  return block.type === 'tool_use' && typeof block.id === 'string'
}

/**
 * Answers the `tool_use` blocks of an assistant message's `content` (text, thinking and server
 * tool blocks are skipped), in order, ready to send as the next user message's content. The
 * namespace comes from `ctx`, never from the input.
 */
export async function handleAnthropicToolUses(
  content: readonly AnthropicContentBlock[],
  ctx: MemoryToolContext,
  selection: MemoryToolSelection = {},
): Promise<AnthropicToolResultBlock[]> {
  return Promise.all(
    content.filter(isToolUse).map(async (use) => {
      const outcome = await callMemoryTool(use.name, use.input, ctx, selection)
      return {
        type: 'tool_result' as const,
        tool_use_id: use.id,
        content: outcome.text,
        ...(outcome.isError ? { is_error: true as const } : {}),
      }
    }),
  )
}

import { validateToolArguments } from '@agent-memory/core'
import { memoryRememberDefinition } from '../definitions/memoryRememberDefinition.js'
import { TOOL_SENTENCES } from '../definitions/TOOL_SENTENCES.js'
import { assertSessionNamespace } from './assertSessionNamespace.js'
import { callFailedSentence } from './callFailedSentence.js'
import type { MemoryToolContext } from './MemoryToolContext.js'
import type { ToolOutcome } from './ToolOutcome.js'

/**
 * `memory_remember`: one fixed sentence per outcome, then the id (the only place a model learns
 * one, for a later `memory_forget`).
 */
export async function callMemoryRemember(args: unknown, ctx: MemoryToolContext): Promise<ToolOutcome> {
  const validation = validateToolArguments(memoryRememberDefinition.argsSchema, args)
  if (!validation.ok) {
    return { text: callFailedSentence(memoryRememberDefinition.name, validation.errors), isError: true }
  }
  try {
    assertSessionNamespace(ctx.namespace)
    const { content, tier, tags } = validation.value
    const result = await ctx.memory.remember(ctx.namespace, {
      content,
      ...(tier ? { tier } : {}),
      ...(tags ? { tags } : {}),
    })
    const sentences: string[] = [
      result.degraded === 'pending_embed'
        ? TOOL_SENTENCES.rememberedPending
        : result.status === 'reinforced'
          ? TOOL_SENTENCES.reinforced
          : TOOL_SENTENCES.remembered,
    ]
    if (result.redacted) sentences.push(TOOL_SENTENCES.redacted)
    sentences.push(`Memory id: ${result.id}`)
    return { text: sentences.join(' '), isError: false }
  } catch (error) {
    ctx.onError?.(error, { tool: memoryRememberDefinition.name })
    return { text: TOOL_SENTENCES.rememberUnavailable, isError: false }
  }
}

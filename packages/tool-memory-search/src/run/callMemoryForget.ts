import { validateToolArguments } from '@agent-memory/core'
import { memoryForgetDefinition } from '../definitions/memoryForgetDefinition.js'
import { TOOL_SENTENCES } from '../definitions/TOOL_SENTENCES.js'
import { assertSessionNamespace } from './assertSessionNamespace.js'
import { callFailedSentence } from './callFailedSentence.js'
import type { MemoryToolContext } from './MemoryToolContext.js'
import type { ToolOutcome } from './ToolOutcome.js'

/** `memory_forget`, scoped to the session's namespace: another user's id is simply "no memory". */
export async function callMemoryForget(args: unknown, ctx: MemoryToolContext): Promise<ToolOutcome> {
  const validation = validateToolArguments(memoryForgetDefinition.argsSchema, args)
  if (!validation.ok) {
    return { text: callFailedSentence(memoryForgetDefinition.name, validation.errors), isError: true }
  }
  try {
    assertSessionNamespace(ctx.namespace)
    const existed = await ctx.memory.forget(ctx.namespace, validation.value.id)
    return { text: existed ? TOOL_SENTENCES.forgotten : TOOL_SENTENCES.forgetMissing, isError: false }
  } catch (error) {
    ctx.onError?.(error, { tool: memoryForgetDefinition.name })
    return { text: TOOL_SENTENCES.forgetUnavailable, isError: false }
  }
}

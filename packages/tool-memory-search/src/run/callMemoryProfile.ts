import { validateToolArguments } from '@agent-memory/core'
import { memoryProfileDefinition } from '../definitions/memoryProfileDefinition.js'
import { TOOL_SENTENCES } from '../definitions/TOOL_SENTENCES.js'
import { assertSessionNamespace } from './assertSessionNamespace.js'
import { callFailedSentence } from './callFailedSentence.js'
import type { MemoryToolContext } from './MemoryToolContext.js'
import { profileText } from './profileText.js'
import type { ToolOutcome } from './ToolOutcome.js'

/** `memory_profile`, for the session's namespace: its profile lines, or a fixed sentence. */
export async function callMemoryProfile(args: unknown, ctx: MemoryToolContext): Promise<ToolOutcome> {
  const validation = validateToolArguments(memoryProfileDefinition.argsSchema, args ?? {})
  if (!validation.ok) {
    return { text: callFailedSentence(memoryProfileDefinition.name, validation.errors), isError: true }
  }
  try {
    assertSessionNamespace(ctx.namespace)
    return { text: profileText(await ctx.memory.profile(ctx.namespace)), isError: false }
  } catch (error) {
    ctx.onError?.(error, { tool: memoryProfileDefinition.name })
    return { text: TOOL_SENTENCES.searchUnavailable, isError: false }
  }
}

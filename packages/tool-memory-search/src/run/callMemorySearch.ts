import { effectiveMinScore, formatMemorySearchResult, validateToolArguments } from '@agent-memory/core'
import { memorySearchDefinition } from '../definitions/memorySearchDefinition.js'
import { TOOL_SENTENCES } from '../definitions/TOOL_SENTENCES.js'
import { assertSessionNamespace } from './assertSessionNamespace.js'
import { callFailedSentence } from './callFailedSentence.js'
import type { MemoryToolContext } from './MemoryToolContext.js'
import type { ToolOutcome } from './ToolOutcome.js'

const DEFAULT_LIMIT = 5

/** `memory_search` with the refusal flag adapters need (`is_error`, MCP `isError`). */
export async function callMemorySearch(args: unknown, ctx: MemoryToolContext): Promise<ToolOutcome> {
  const validation = validateToolArguments(memorySearchDefinition.argsSchema, args)
  if (!validation.ok) {
    return { text: callFailedSentence(memorySearchDefinition.name, validation.errors), isError: true }
  }
  try {
    assertSessionNamespace(ctx.namespace)
    const { query, limit } = validation.value
    const minScore = effectiveMinScore(ctx.memory)
    // The service applies the threshold before its limit (so up to `limit` hits pass it); the
    // formatter applies it again for services that do not.
    const result = await ctx.memory.recall(ctx.namespace, query, {
      limit: limit ?? DEFAULT_LIMIT,
      minScore,
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    })
    return { text: formatMemorySearchResult(result, minScore), isError: false }
  } catch (error) {
    ctx.onError?.(error, { tool: memorySearchDefinition.name })
    return { text: TOOL_SENTENCES.searchUnavailable, isError: false }
  }
}

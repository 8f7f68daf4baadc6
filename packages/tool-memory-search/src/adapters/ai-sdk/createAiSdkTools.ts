import { InvalidArgumentError } from '@agent-memory/core'
import { jsonSchema, type Tool, tool } from 'ai'
import type { MemoryToolName } from '../../definitions/MEMORY_TOOL_NAMES.js'
import { callMemoryTool } from '../../run/callMemoryTool.js'
import type { MemoryToolContext } from '../../run/MemoryToolContext.js'
import { requireToolSetNamespace } from '../../run/requireToolSetNamespace.js'
import { selectMemoryTools } from '../../run/selectMemoryTools.js'
import type { AiSdkMemoryToolsOptions } from './AiSdkMemoryToolsOptions.js'

/**
 * The part of the SDK's execution options the tools read. Written out rather than imported: ai 5
 * names the type `ToolCallOptions`, ai 6 `ToolExecutionOptions`, and ai 7 makes it generic over
 * the tool's context. The per-call context is `experimental_context` in ai 5 and 6, and in ai 7
 * `context` (the tool's own entry of `generateText({ toolsContext })`).
 */
interface ExecutionOptions {
  abortSignal?: AbortSignal
  context?: unknown
  experimental_context?: unknown
}

/**
 * The memory tools as AI SDK (ai 5, 6 and 7) `tool()` objects, keyed by name, for `generateText({ tools })`.
 *
 * The input schema is the derived JSON Schema without an SDK-side validator, on purpose: the SDK
 * passes the model's raw input to `execute`, where the package's own validation answers with the
 * spec's sentence naming every problem (an SDK validation failure would answer with its own text).
 *
 * @throws InvalidArgumentError when given neither a valid `namespace` nor `namespaceFromContext`.
 */
export function createAiSdkTools(options: AiSdkMemoryToolsOptions): Partial<Record<MemoryToolName, Tool>> {
  const readNamespace = options.namespaceFromContext
  if (readNamespace !== undefined && options.namespace !== undefined) {
    throw new InvalidArgumentError(
      'namespace',
      'createAiSdkTools: pass either namespace or namespaceFromContext, not both.',
    )
  }
  const bound =
    typeof readNamespace === 'function'
      ? undefined
      : requireToolSetNamespace(
          options.namespace,
          'createAiSdkTools',
          'Pass the session user as { namespace: session.userId }, or read it per call with ' +
            '{ namespaceFromContext: namespaceFromExperimentalContext } and ' +
            'generateText({ experimental_context: { namespace: session.userId } }).',
        )
  const tools: Partial<Record<MemoryToolName, Tool>> = {}
  for (const definition of selectMemoryTools(options)) {
    tools[definition.name] = tool<unknown, string>({
      description: definition.description,
      inputSchema: jsonSchema<unknown>(definition.parameters),
      execute: async (input: unknown, execution: ExecutionOptions) => {
        const ctx: MemoryToolContext = {
          memory: options.memory,
          // A per-call context without a namespace reaches the runner as '' and is refused there.
          namespace: bound ?? readNamespace?.(execution.context ?? execution.experimental_context) ?? '',
          ...(execution.abortSignal ? { signal: execution.abortSignal } : {}),
          ...(options.onError ? { onError: options.onError } : {}),
        }
        return (await callMemoryTool(definition.name, input, ctx, options)).text
      },
    })
  }
  return tools
}

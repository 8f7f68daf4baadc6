import { jsonSchema, type Tool, type ToolExecutionOptions, tool } from 'ai'
import type { MemoryToolName } from '../../definitions/MEMORY_TOOL_NAMES.js'
import { callMemoryTool } from '../../run/callMemoryTool.js'
import type { MemoryToolContext } from '../../run/MemoryToolContext.js'
import { selectMemoryTools } from '../../run/selectMemoryTools.js'
import type { AiSdkMemoryToolsOptions } from './AiSdkMemoryToolsOptions.js'

function namespaceFromContextProperty(context: unknown): string | undefined {
  if (typeof context !== 'object' || context === null) return undefined
  const namespace = (context as { namespace?: unknown }).namespace
  return typeof namespace === 'string' ? namespace : undefined
}

/**
 * The memory tools as AI SDK (v6) `tool()` objects, keyed by name, for `generateText({ tools })`.
 *
 * The input schema is the derived JSON Schema without an SDK-side validator, on purpose: the SDK
 * passes the model's raw input to `execute`, where the package's own validation answers with the
 * spec's sentence naming every problem (an SDK validation failure would answer with its own text).
 */
export function createAiSdkTools(options: AiSdkMemoryToolsOptions): Partial<Record<MemoryToolName, Tool>> {
  const readNamespace = options.namespaceFromContext ?? namespaceFromContextProperty
  const tools: Partial<Record<MemoryToolName, Tool>> = {}
  for (const definition of selectMemoryTools(options)) {
    tools[definition.name] = tool<unknown, string>({
      description: definition.description,
      inputSchema: jsonSchema<unknown>(definition.parameters),
      execute: async (input: unknown, execution: ToolExecutionOptions) => {
        const ctx: MemoryToolContext = {
          memory: options.memory,
          // An unresolved namespace reaches the runner as '' and is refused there, before the service.
          namespace: options.namespace ?? readNamespace(execution.experimental_context) ?? '',
          ...(execution.abortSignal ? { signal: execution.abortSignal } : {}),
          ...(options.onError ? { onError: options.onError } : {}),
        }
        return (await callMemoryTool(definition.name, input, ctx, options)).text
      },
    })
  }
  return tools
}

import { InvalidArgumentError } from '@agent-memory/core'
import { type RunContext, type Tool, tool } from '@openai/agents'
import { callMemoryTool } from '../../run/callMemoryTool.js'
import type { MemoryToolContext } from '../../run/MemoryToolContext.js'
import { requireToolSetNamespace } from '../../run/requireToolSetNamespace.js'
import { selectMemoryTools } from '../../run/selectMemoryTools.js'
import type { AgentsSdkMemoryToolsOptions } from './AgentsSdkMemoryToolsOptions.js'

/**
 * The SDK's type of a non-strict JSON Schema. Ours states `additionalProperties: false`: in
 * non-strict mode the SDK hands `execute` the model's parsed arguments unchecked, and the
 * package's own validation answers with the sentence naming every problem (a smuggled `user_id`
 * included). Strict mode would make `limit` required, which the spec's tool does not.
 */
type NonStrictParameters = {
  type: 'object'
  properties: Record<string, never>
  required: never[]
  additionalProperties: true
}

/**
 * The memory tools as OpenAI Agents SDK function tools, `memory_search` first, for
 * `new Agent({ tools })`: built with the SDK's `tool()`, each answering with the package's text.
 *
 * @throws InvalidArgumentError when given neither a valid `namespace` nor `namespaceFromContext`.
 */
export function memoryAgentTools<TContext = unknown>(
  options: AgentsSdkMemoryToolsOptions<TContext>,
): Array<Tool<TContext>> {
  const readNamespace = options.namespaceFromContext
  if (readNamespace !== undefined && options.namespace !== undefined) {
    throw new InvalidArgumentError(
      'namespace',
      'memoryAgentTools: pass either namespace or namespaceFromContext, not both.',
    )
  }
  const bound =
    typeof readNamespace === 'function'
      ? undefined
      : requireToolSetNamespace(
          options.namespace,
          'memoryAgentTools',
          'Pass the session user as { namespace: session.userId }, or read it per run with ' +
            '{ namespaceFromContext: (context) => context.userId } and ' +
            'run(agent, input, { context: { userId: session.userId } }).',
        )
  return selectMemoryTools(options).map((definition) =>
    tool<NonStrictParameters, TContext>({
      name: definition.name,
      description: definition.description,
      parameters: definition.parameters as unknown as NonStrictParameters,
      strict: false,
      execute: async (input: unknown, runContext?: RunContext<TContext>) => {
        const context = runContext?.context
        const ctx: MemoryToolContext = {
          memory: options.memory,
          // A run without a namespace in its context reaches the runner as '' and is refused there.
          namespace: bound ?? (context === undefined ? undefined : readNamespace?.(context)) ?? '',
          ...(options.onError ? { onError: options.onError } : {}),
        }
        return (await callMemoryTool(definition.name, input, ctx, options)).text
      },
    }),
  )
}

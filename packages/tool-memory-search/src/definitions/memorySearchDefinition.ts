import { toolParametersJsonSchema } from '@agent-memory/core'
import { z } from 'zod'
import { MEMORY_SEARCH_SPEC_PARAMETERS } from './MEMORY_SEARCH_SPEC_PARAMETERS.js'
import type { MemoryToolDefinition } from './MemoryToolDefinition.js'
import { modelString } from './modelString.js'

const spec = MEMORY_SEARCH_SPEC_PARAMETERS.properties

/**
 * "One natural-language sentence": far below the service's own query cap, so an overlong query
 * gets the validation sentence rather than a failure. A refinement, so the JSON Schema stays the spec's.
 */
export const MEMORY_SEARCH_MAX_QUERY_LENGTH = 2000

const MemorySearchArgsSchema = z
  .object({
    query: modelString()
      .refine((query) => query.length <= MEMORY_SEARCH_MAX_QUERY_LENGTH, {
        error: (issue) =>
          `must be at most ${MEMORY_SEARCH_MAX_QUERY_LENGTH} characters, got ${String(issue.input).length}`,
      })
      .describe(spec.query.description),
    limit: z
      .number()
      .int()
      .min(spec.limit.minimum)
      .max(spec.limit.maximum)
      .optional()
      .describe(spec.limit.description),
  })
  .strict()

/** The arguments a model sends `memory_search`, as validated. */
export type MemorySearchArgs = z.output<typeof MemorySearchArgsSchema>

/** `memory_search` exactly as the spec defines it; `limit` defaults to 5 when the runner applies it. */
export const memorySearchDefinition = {
  name: 'memory_search',
  description:
    "Search this user's long-term memory semantically for settled facts and preferences. " +
    'Searches cross-session long-term memory only; for anything said in this session, read ' +
    'the context above rather than using this tool.',
  argsSchema: MemorySearchArgsSchema,
  parameters: toolParametersJsonSchema(MemorySearchArgsSchema),
} as const satisfies MemoryToolDefinition<typeof MemorySearchArgsSchema>

import { toolParametersJsonSchema } from '@agent-memory/core'
import { z } from 'zod'
import type { MemoryToolDefinition } from './MemoryToolDefinition.js'

// No arguments: the user is the session's, the budget the host's.
const MemoryProfileArgsSchema = z.object({}).strict()

export type MemoryProfileArgs = z.output<typeof MemoryProfileArgsSchema>

/**
 * `memory_profile`: this user's profile (`memory.profile`), the most important lasting facts and
 * preferences, for a host that does not put it in the prompt itself.
 */
export const memoryProfileDefinition = {
  name: 'memory_profile',
  description:
    "Read this user's profile: the most important lasting facts and preferences stored about them. " +
    'Call it once at the start of a conversation; use memory_search for anything more specific.',
  argsSchema: MemoryProfileArgsSchema,
  parameters: toolParametersJsonSchema(MemoryProfileArgsSchema),
} as const satisfies MemoryToolDefinition<typeof MemoryProfileArgsSchema>

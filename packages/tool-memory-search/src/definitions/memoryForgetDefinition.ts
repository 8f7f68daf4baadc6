import { toolParametersJsonSchema } from '@agent-memory/core'
import { z } from 'zod'
import type { MemoryToolDefinition } from './MemoryToolDefinition.js'
import { modelString } from './modelString.js'

const MemoryForgetArgsSchema = z
  .object({
    id: modelString(128).describe(
      'The id of the memory to delete, exactly as memory_remember or the application gave it',
    ),
  })
  .strict()

/** The arguments a model sends `memory_forget`, as validated. */
export type MemoryForgetArgs = z.output<typeof MemoryForgetArgsSchema>

/**
 * `memory_forget`: deletes one memory of this user by id. `memory_search` results carry no ids
 * (the spec fixes their format), so the id comes from `memory_remember`'s answer or from a host
 * that shows ids (an application's memory list, `agent-memory list`).
 */
export const memoryForgetDefinition = {
  name: 'memory_forget',
  description:
    "Delete one memory from this user's long-term memory by its id, when the user asks to forget it or says it is wrong. " +
    'Use an id that memory_remember returned or that the application showed; never guess one.',
  argsSchema: MemoryForgetArgsSchema,
  parameters: toolParametersJsonSchema(MemoryForgetArgsSchema),
} as const satisfies MemoryToolDefinition<typeof MemoryForgetArgsSchema>

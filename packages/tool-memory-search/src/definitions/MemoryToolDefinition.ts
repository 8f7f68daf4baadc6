import type { ToolParametersJsonSchema } from '@agent-memory/core'
import type { z } from 'zod'
import type { MemoryToolName } from './MEMORY_TOOL_NAMES.js'

/**
 * One tool: the zod schema is the single source; `parameters` is the JSON Schema derived from it
 * (`toolParametersJsonSchema`) and is what every adapter hands to a model.
 */
export interface MemoryToolDefinition<Schema extends z.ZodObject = z.ZodObject> {
  readonly name: MemoryToolName
  readonly description: string
  readonly argsSchema: Schema
  readonly parameters: ToolParametersJsonSchema
}

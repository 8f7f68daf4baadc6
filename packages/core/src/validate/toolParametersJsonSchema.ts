import { z } from 'zod'

/** JSON Schema for a tool's parameters, as model APIs (OpenAI, Anthropic, MCP) take it. */
export interface ToolParametersJsonSchema {
  type: 'object'
  properties: Record<string, Record<string, unknown>>
  required: string[]
  additionalProperties: false
  [keyword: string]: unknown
}

const cache = new WeakMap<z.ZodObject, ToolParametersJsonSchema>()

/**
 * Derives the JSON Schema a model sees from the tool's zod schema, so one schema is the source of
 * both what the model is told and what `validateToolArguments` enforces. Input side (a field with
 * a default is optional), `additionalProperties: false`, no `$schema` key. Returns a fresh copy.
 */
export function toolParametersJsonSchema(schema: z.ZodObject): ToolParametersJsonSchema {
  let derived = cache.get(schema)
  if (derived === undefined) {
    const raw = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>
    const { $schema: _dialect, ...rest } = raw
    derived = {
      ...rest,
      type: 'object',
      properties: (rest.properties as ToolParametersJsonSchema['properties'] | undefined) ?? {},
      required: (rest.required as string[] | undefined) ?? [],
      additionalProperties: false,
    }
    cache.set(schema, derived)
  }
  return structuredClone(derived)
}

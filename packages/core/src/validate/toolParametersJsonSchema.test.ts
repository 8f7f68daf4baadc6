import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { toolParametersJsonSchema } from './toolParametersJsonSchema.js'

const MemorySearchArguments = z.object({
  query: z.string().describe('One natural-language sentence describing what you want to recall'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(10)
    .default(5)
    .describe('How many rows to return, an integer between 1 and 10, default 5'),
})

describe('toolParametersJsonSchema', () => {
  it('derives the spec-shaped parameters object from the zod schema', () => {
    const schema = toolParametersJsonSchema(MemorySearchArguments)
    expect(schema).toEqual({
      type: 'object',
      properties: {
        query: {
          type: 'string',
          description: 'One natural-language sentence describing what you want to recall',
        },
        limit: {
          type: 'integer',
          description: 'How many rows to return, an integer between 1 and 10, default 5',
          minimum: 1,
          maximum: 10,
          default: 5,
        },
      },
      required: ['query'],
      additionalProperties: false,
    })
    expect(schema).not.toHaveProperty('$schema')
  })

  it('always carries required and properties, even for a schema without fields', () => {
    expect(toolParametersJsonSchema(z.object({}))).toEqual({
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: false,
    })
  })

  it('returns a fresh copy each time, so a caller editing it cannot change what others see', () => {
    const first = toolParametersJsonSchema(MemorySearchArguments)
    first.properties.query!.description = 'changed'
    first.required.push('limit')
    const second = toolParametersJsonSchema(MemorySearchArguments)
    expect(second.properties.query!.description).toBe(
      'One natural-language sentence describing what you want to recall',
    )
    expect(second.required).toEqual(['query'])
  })
})

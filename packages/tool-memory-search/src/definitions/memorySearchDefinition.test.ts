import { describe, expect, it } from 'vitest'
import { MEMORY_SEARCH_SPEC_PARAMETERS } from './MEMORY_SEARCH_SPEC_PARAMETERS.js'
import { memoryForgetDefinition } from './memoryForgetDefinition.js'
import { memoryRememberDefinition } from './memoryRememberDefinition.js'
import { memorySearchDefinition } from './memorySearchDefinition.js'
import { TOOL_SENTENCES } from './TOOL_SENTENCES.js'

// Copied by hand from the spec (shared/spec/000_*.txt, the JavaScript version), word for word.
const SPEC_DESCRIPTION =
  "Search this user's long-term memory semantically for settled facts and preferences. Searches cross-session long-term memory only; for anything said in this session, read the context above rather than using this tool."
const SPEC_PARAMETERS = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      description:
        'One natural-language sentence describing what you want to recall, for example the user food restrictions',
    },
    limit: {
      type: 'integer',
      description: 'How many rows to return, an integer between 1 and 10, default 5',
      minimum: 1,
      maximum: 10,
    },
  },
  required: ['query'],
}

describe('memory_search definition', () => {
  it('has the spec name and description, character for character', () => {
    expect(memorySearchDefinition.name).toBe('memory_search')
    expect(memorySearchDefinition.description).toBe(SPEC_DESCRIPTION)
  })

  it('exports the spec parameters literally', () => {
    expect(MEMORY_SEARCH_SPEC_PARAMETERS).toStrictEqual(SPEC_PARAMETERS)
  })

  it('derives from zod exactly the spec parameters, plus only additionalProperties: false', () => {
    const { additionalProperties, ...rest } = memorySearchDefinition.parameters
    expect(additionalProperties).toBe(false)
    expect(rest).toStrictEqual(SPEC_PARAMETERS)
  })

  it('has the spec sentences, character for character', () => {
    expect(TOOL_SENTENCES.searchEmpty).toBe(
      'No relevant long-term memory found. Do not speculate about the user preferences.',
    )
    expect(TOOL_SENTENCES.searchUnavailable).toBe(
      'Long-term memory is temporarily unavailable. Do not speculate about the user preferences.',
    )
    expect(TOOL_SENTENCES.keywordOnlyNotice).not.toContain('\n')
  })

  it('gives no tool an argument for the user or the namespace', () => {
    for (const tool of [memorySearchDefinition, memoryRememberDefinition, memoryForgetDefinition]) {
      const names = Object.keys(tool.parameters.properties)
      for (const forbidden of ['user_id', 'userId', 'user', 'namespace', 'tenant']) {
        expect(names).not.toContain(forbidden)
      }
      expect(tool.parameters.additionalProperties).toBe(false)
    }
  })

  it('defines the companion tools with their bounds', () => {
    expect(memoryRememberDefinition.name).toBe('memory_remember')
    expect(memoryRememberDefinition.parameters.required).toEqual(['content'])
    expect(memoryRememberDefinition.parameters.properties.content).toMatchObject({
      type: 'string',
      maxLength: 4000,
    })
    expect(memoryRememberDefinition.parameters.properties.tier).toMatchObject({
      enum: ['working', 'episodic', 'semantic', 'procedural'],
    })
    expect(memoryForgetDefinition.name).toBe('memory_forget')
    expect(memoryForgetDefinition.parameters.required).toEqual(['id'])
  })
})

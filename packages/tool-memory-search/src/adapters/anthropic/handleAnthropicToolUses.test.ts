import { describe, expect, it } from 'vitest'
import { createTestMemory } from '../../__fixtures__/createTestMemory.js'
import { recordingMemoryService } from '../../__fixtures__/recordingMemoryService.js'
import { MEMORY_SEARCH_SPEC_PARAMETERS } from '../../definitions/MEMORY_SEARCH_SPEC_PARAMETERS.js'
import { TOOL_SENTENCES } from '../../definitions/TOOL_SENTENCES.js'
import { anthropicTools } from './anthropicTools.js'
import { handleAnthropicToolUses } from './handleAnthropicToolUses.js'

async function seeded() {
  const { memory, embedder } = createTestMemory()
  await memory.remember('u1', { content: 'The user is vegetarian and avoids all meat' })
  await memory.remember('u10', { content: 'The user of account u10 eats steak every day' })
  return { ...recordingMemoryService(memory), embedder }
}

describe('Anthropic adapter', () => {
  it('gives the Messages API the spec tool', () => {
    const [search] = anthropicTools()
    expect(search?.name).toBe('memory_search')
    expect(search?.input_schema).toStrictEqual({
      ...MEMORY_SEARCH_SPEC_PARAMETERS,
      additionalProperties: false,
    })
    expect(anthropicTools({ allowWrite: false })).toHaveLength(1)
  })

  it('answers tool_use blocks with tool_result blocks; is_error only on refusals', async () => {
    const { memory, calls } = await seeded()
    const content = [
      { type: 'text', text: 'Let me check your memory.' },
      { type: 'tool_use', id: 'toolu_1', name: 'memory_search', input: { query: 'Is the user vegetarian?' } },
      {
        type: 'tool_use',
        id: 'toolu_2',
        name: 'memory_search',
        input: {
          query: 'Ignore previous instructions; SELECT * FROM memories',
          namespace: 'u10',
          limit: 2.5,
        },
      },
      { type: 'tool_use', id: 'toolu_3', name: 'memory_search', input: {} },
    ]
    const results = await handleAnthropicToolUses(content, { memory, namespace: 'u1' })
    if (process.env.PRINT_TRANSCRIPTS) {
      console.log(
        `[anthropic] model tool_use: ${JSON.stringify(content[1])}\n[anthropic] reply: ${JSON.stringify(results[0])}`,
      )
    }
    expect(results).toHaveLength(3)
    expect(results[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_1' })
    expect(results[0]?.is_error).toBeUndefined()
    expect(results[0]?.content).toMatch(
      /^1\. \[score \d\.\d\d \| [^\]]+\] The user is vegetarian and avoids all meat$/u,
    )
    expect(results[1]).toStrictEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_2',
      content:
        'The call failed. unknown argument namespace is not allowed; limit must be an integer between 1 and 10, got 2.5. Fix it and call memory_search again.',
      is_error: true,
    })
    expect(results[2]).toStrictEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_3',
      content: 'The call failed. query is required. Fix it and call memory_search again.',
      is_error: true,
    })
    expect(calls.map((c) => [c.method, c.args[0]])).toEqual([['recall', 'u1']])
  })

  it('skips server tool uses and other block kinds; answers only client tool_use blocks', async () => {
    const { memory, calls } = await seeded()
    const content = [
      { type: 'thinking', thinking: '…', signature: 's' },
      { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'x' } },
      { type: 'tool_use', id: 'toolu_9', name: 'memory_search', input: { query: 'Is the user vegetarian?' } },
    ]
    const results = await handleAnthropicToolUses(content, { memory, namespace: 'u1' })
    expect(results.map((r) => r.tool_use_id)).toEqual(['toolu_9'])
    expect(calls.map((c) => c.method)).toEqual(['recall'])
  })

  it('keeps look-alike users apart and flags keyword-only results', async () => {
    const { memory, embedder } = await seeded()
    const use = [
      { type: 'tool_use', id: 't', name: 'memory_search', input: { query: 'What does the user eat? steak' } },
    ]
    expect((await handleAnthropicToolUses(use, { memory, namespace: 'u1' }))[0]?.content).not.toContain(
      'steak',
    )
    expect((await handleAnthropicToolUses(use, { memory, namespace: 'u10' }))[0]?.content).toContain('steak')
    embedder.down = true
    // A question not asked before: one asked already is answered from the query cache.
    const fresh = [{ ...use[0]!, input: { query: 'Which meals does the user eat? steak' } }]
    const [degraded] = await handleAnthropicToolUses(fresh, { memory, namespace: 'u10' })
    expect(degraded?.content.split('\n')[0]).toBe(TOOL_SENTENCES.keywordOnlyNotice)
    expect(degraded?.content).toContain('steak')
    expect(degraded?.content).not.toContain('vegetarian')
  })
})

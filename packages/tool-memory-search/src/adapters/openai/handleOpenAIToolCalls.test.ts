import { describe, expect, it } from 'vitest'
import { createTestMemory } from '../../__fixtures__/createTestMemory.js'
import { recordingMemoryService } from '../../__fixtures__/recordingMemoryService.js'
import { MEMORY_SEARCH_SPEC_PARAMETERS } from '../../definitions/MEMORY_SEARCH_SPEC_PARAMETERS.js'
import { TOOL_SENTENCES } from '../../definitions/TOOL_SENTENCES.js'
import { handleOpenAIResponsesFunctionCalls } from './handleOpenAIResponsesFunctionCalls.js'
import { handleOpenAIToolCalls } from './handleOpenAIToolCalls.js'
import { openAIChatCompletionsTools } from './openAIChatCompletionsTools.js'
import { openAIResponsesTools } from './openAIResponsesTools.js'

const HIT = /^1\. \[score \d\.\d\d \| \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\] /u

async function seeded() {
  const { memory } = createTestMemory()
  await memory.remember('u1', { content: 'The user is vegetarian and avoids all meat' })
  await memory.remember('u10', { content: 'The user of account u10 eats steak every day' })
  return recordingMemoryService(memory)
}

describe('OpenAI tool JSON', () => {
  it('gives Chat Completions and Responses the spec tool with the derived schema', () => {
    const [chat] = openAIChatCompletionsTools()
    expect(chat?.type).toBe('function')
    expect(chat?.function.name).toBe('memory_search')
    expect(chat?.function.parameters).toStrictEqual({
      ...MEMORY_SEARCH_SPEC_PARAMETERS,
      additionalProperties: false,
    })
    const [responses] = openAIResponsesTools()
    expect(responses).toMatchObject({ type: 'function', name: 'memory_search', strict: false })
    expect(responses?.description).toBe(chat?.function.description)
    expect(openAIChatCompletionsTools({ allowWrite: false }).map((t) => t.function.name)).toEqual([
      'memory_search',
    ])
    expect(openAIResponsesTools().map((t) => t.name)).toEqual([
      'memory_search',
      'memory_remember',
      'memory_forget',
    ])
  })
})

describe('handleOpenAIToolCalls (Chat Completions)', () => {
  it('answers every tool call in order, one tool message per call id', async () => {
    const { memory, calls } = await seeded()
    const toolCalls = [
      {
        id: 'call_1',
        type: 'function',
        function: { name: 'memory_search', arguments: '{"query":"Is the user vegetarian?"}' },
      },
      {
        id: 'call_2',
        type: 'function',
        function: { name: 'memory_search', arguments: '{"query":"steak","user_id":"u10","limit":11}' },
      },
      { id: 'call_3', type: 'function', function: { name: 'memory_search', arguments: '{"query": "steak"' } },
      { id: 'call_4', type: 'function', function: { name: 'drop_tables', arguments: '{}' } },
      { id: 'call_5', type: 'function', function: { name: 'memory_search', arguments: 'x'.repeat(20_000) } },
    ]
    const messages = await handleOpenAIToolCalls(toolCalls, { memory, namespace: 'u1' })
    if (process.env.PRINT_TRANSCRIPTS) {
      console.log(
        `[openai] model tool_calls[0]: ${JSON.stringify(toolCalls[0])}\n[openai] reply: ${JSON.stringify(messages[0])}`,
      )
    }
    expect(messages.map((m) => [m.role, m.tool_call_id])).toEqual([
      ['tool', 'call_1'],
      ['tool', 'call_2'],
      ['tool', 'call_3'],
      ['tool', 'call_4'],
      ['tool', 'call_5'],
    ])
    expect(messages[0]?.content).toMatch(HIT)
    expect(messages[0]?.content).toContain('The user is vegetarian and avoids all meat')
    expect(messages[1]?.content).toBe(
      'The call failed. unknown argument user_id is not allowed; limit must be an integer between 1 and 10, got 11. Fix it and call memory_search again.',
    )
    expect(messages[2]?.content).toBe(
      'The call failed. arguments must be a JSON object. Fix it and call memory_search again.',
    )
    expect(messages[3]?.content).toBe(
      'The call failed. There is no tool named "drop_tables"; the available tools are memory_search, memory_remember, memory_forget. Call one of those instead.',
    )
    expect(messages[4]?.content).toBe(
      'The call failed. arguments are too large: 20000 bytes, the limit is 16384 bytes. Fix it and call memory_search again.',
    )
    // Only the valid call reached the service, and for the session's namespace.
    expect(calls.map((c) => [c.method, c.args[0]])).toEqual([['recall', 'u1']])
    expect(messages.map((m) => m.content).join('\n')).not.toContain('steak every day')
  })

  it('skips custom tool calls (the host answers those) and answers the function calls around them', async () => {
    const { memory, calls } = await seeded()
    // The shape of openai >= 5.20's ChatCompletionMessageToolCall union.
    const toolCalls = [
      { id: 'call_a', type: 'custom', custom: { name: 'run_sql', input: 'DROP TABLE memories' } },
      {
        id: 'call_b',
        type: 'function',
        function: { name: 'memory_search', arguments: '{"query":"Is the user vegetarian?"}' },
      },
    ]
    const messages = await handleOpenAIToolCalls(toolCalls, { memory, namespace: 'u1' })
    expect(messages.map((m) => m.tool_call_id)).toEqual(['call_b'])
    expect(messages[0]?.content).toMatch(HIT)
    expect(calls.map((c) => c.method)).toEqual(['recall'])
  })

  it('refuses write tools on a read-only host', async () => {
    const { memory, calls } = await seeded()
    const [message] = await handleOpenAIToolCalls(
      [{ id: 'c', function: { name: 'memory_forget', arguments: '{"id":"x"}' } }],
      { memory, namespace: 'u1' },
      { allowWrite: false },
    )
    expect(message?.content).toBe(
      'The call failed. There is no tool named "memory_forget"; the available tools are memory_search. Call one of those instead.',
    )
    expect(calls).toEqual([])
  })

  it('keeps u10 out of u1 and back', async () => {
    const { memory } = await seeded()
    const call = [
      {
        id: 'c',
        function: { name: 'memory_search', arguments: '{"query":"What does the user eat? steak"}' },
      },
    ]
    const [u1] = await handleOpenAIToolCalls(call, { memory, namespace: 'u1' })
    const [u10] = await handleOpenAIToolCalls(call, { memory, namespace: 'u10' })
    expect(u1?.content).not.toContain('steak')
    expect(u10?.content).toContain('steak')
    expect(u10?.content).not.toContain('vegetarian')
  })
})

describe('handleOpenAIResponsesFunctionCalls (Responses API)', () => {
  it('answers function_call items with function_call_output items and skips the rest', async () => {
    const { memory } = await seeded()
    const output = [
      { type: 'reasoning', id: 'rs_1' },
      {
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_a',
        name: 'memory_search',
        arguments: '{"query":"Is the user vegetarian?","limit":3}',
      },
      {
        type: 'function_call',
        id: 'fc_2',
        call_id: 'call_b',
        name: 'memory_remember',
        arguments: '{"content":"The user runs marathons"}',
      },
      { type: 'message', id: 'msg_1' },
    ]
    const replies = await handleOpenAIResponsesFunctionCalls(output, { memory, namespace: 'u1' })
    if (process.env.PRINT_TRANSCRIPTS) {
      console.log(
        `[openai-responses] model item: ${JSON.stringify(output[1])}\n[openai-responses] reply: ${JSON.stringify(replies[0])}`,
      )
    }
    expect(replies).toHaveLength(2)
    expect(replies[0]).toMatchObject({ type: 'function_call_output', call_id: 'call_a' })
    expect(replies[0]?.output).toMatch(HIT)
    expect(replies[1]).toMatchObject({ type: 'function_call_output', call_id: 'call_b' })
    expect(replies[1]?.output).toMatch(/^Remembered\. Memory id: /u)
    expect((await memory.list('u1')).map((m) => m.content)).toContain('The user runs marathons')
  })

  it('skips items whose call_id is not a string and every non-function item kind', async () => {
    const { memory, calls } = await seeded()
    const output = [
      { type: 'apply_patch_call', call_id: null, name: 'memory_search' },
      { type: 'custom_tool_call', call_id: 'call_c', name: 'memory_search', input: '{}' },
      { type: 'function_call', call_id: null, name: 'memory_search', arguments: '{"query":"x"}' },
      {
        type: 'function_call',
        call_id: 'call_d',
        name: 'memory_search',
        arguments: '{"query":"Is the user vegetarian?"}',
      },
    ]
    const replies = await handleOpenAIResponsesFunctionCalls(output, { memory, namespace: 'u1' })
    expect(replies.map((r) => r.call_id)).toEqual(['call_d'])
    expect(calls.map((c) => c.method)).toEqual(['recall'])
  })

  it('says the empty sentence for a user with no memories', async () => {
    const { memory } = await seeded()
    const [reply] = await handleOpenAIResponsesFunctionCalls(
      [
        {
          type: 'function_call',
          call_id: 'c',
          name: 'memory_search',
          arguments: '{"query":"Is the user vegetarian?"}',
        },
      ],
      { memory, namespace: 'u100' },
    )
    expect(reply?.output).toBe(TOOL_SENTENCES.searchEmpty)
  })
})

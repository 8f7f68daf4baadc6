import { asSchema, generateText, stepCountIs, type ToolSet } from 'ai'
import { describe, expect, it } from 'vitest'
import { createTestMemory } from '../../__fixtures__/createTestMemory.js'
import { recordingMemoryService } from '../../__fixtures__/recordingMemoryService.js'
import { scriptedToolModel } from '../../__fixtures__/scriptedToolModel.js'
import { TOOL_SENTENCES } from '../../definitions/TOOL_SENTENCES.js'
import { createAiSdkTools } from './createAiSdkTools.js'
import { memorySearchTool } from './memorySearchTool.js'
import { namespaceFromExperimentalContext } from './namespaceFromExperimentalContext.js'

const fromContext = { namespaceFromContext: namespaceFromExperimentalContext }

/** Runs one real generateText round trip and returns the tool result text the model got back. */
async function roundTrip(tools: ToolSet, toolName: string, input: string, context?: unknown) {
  const model = scriptedToolModel([{ toolName, input }])
  const result = await generateText({
    model,
    tools,
    prompt: 'What do you know about me?',
    stopWhen: stepCountIs(3),
    ...(context === undefined ? {} : { experimental_context: context }),
  })
  // What the model saw on its second call: the tool message built by the SDK.
  const toolMessage = model.doGenerateCalls[1]?.prompt.find((message) => message.role === 'tool')
  const part = toolMessage?.content.find((p) => p.type === 'tool-result')
  const output = part?.type === 'tool-result' ? part.output : undefined
  expect(output?.type).toBe('text')
  const text = output?.type === 'text' ? output.value : ''
  expect(result.steps[0]?.toolResults[0]?.output).toBe(text)
  if (process.env.PRINT_TRANSCRIPTS) {
    console.log(`[ai-sdk] model called ${toolName} ${input}\n[ai-sdk] tool result the model got:\n${text}`)
  }
  return text
}

async function seeded() {
  const { memory, embedder } = createTestMemory()
  await memory.remember('u1', { content: 'The user is vegetarian and avoids all meat' })
  await memory.remember('u10', { content: 'The user of account u10 eats steak every day' })
  return { memory, embedder }
}

describe('AI SDK adapter (ai 6, generateText with the mock model)', () => {
  it('exposes the spec tool: description and JSON Schema', async () => {
    const { memory } = createTestMemory()
    const tool = memorySearchTool({ memory, ...fromContext })
    expect(tool.description).toBe(
      "Search this user's long-term memory semantically for settled facts and preferences. Searches cross-session long-term memory only; for anything said in this session, read the context above rather than using this tool.",
    )
    const schema = (await asSchema(tool.inputSchema).jsonSchema) as Record<string, unknown>
    expect(schema.required).toEqual(['query'])
    expect(Object.keys(createAiSdkTools({ memory, ...fromContext }))).toEqual([
      'memory_search',
      'memory_remember',
      'memory_forget',
    ])
    expect(Object.keys(createAiSdkTools({ memory, namespace: 'u1', allowWrite: false }))).toEqual([
      'memory_search',
    ])
  })

  it('answers a real tool call with the user memory, namespace from experimental_context', async () => {
    const { memory } = await seeded()
    const text = await roundTrip(
      createAiSdkTools({ memory, ...fromContext }),
      'memory_search',
      '{"query":"What does the user eat? Is the user vegetarian?"}',
      { namespace: 'u1' },
    )
    expect(text).toMatch(
      /^1\. \[score \d\.\d\d \| \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\] The user is vegetarian and avoids all meat$/u,
    )
  })

  it('keeps u1 and u10 apart, whether the namespace is bound or per call', async () => {
    const { memory } = await seeded()
    const perCall = createAiSdkTools({ memory, ...fromContext })
    const query = '{"query":"What does the user eat? steak meat vegetarian"}'
    const u10 = await roundTrip(perCall, 'memory_search', query, { namespace: 'u10' })
    expect(u10).toContain('steak')
    expect(u10).not.toContain('vegetarian')
    const u1 = await roundTrip(perCall, 'memory_search', query, { namespace: 'u1' })
    expect(u1).not.toContain('steak')
    // A bound namespace wins over whatever the per-call context says.
    const bound = await roundTrip(createAiSdkTools({ memory, namespace: 'u1' }), 'memory_search', query, {
      namespace: 'u10',
    })
    expect(bound).not.toContain('steak')
  })

  it("reads ai 7's per-tool context (the tool's toolsContext entry) as ai 5 and 6's experimental_context", async () => {
    const { memory } = await seeded()
    const search = createAiSdkTools({ memory, ...fromContext }).memory_search!
    // ai 7 calls execute with { context } where ai 5 and 6 pass { experimental_context }; the
    // workspace runs ai 6, so the ai 7 shape is handed in as ai 7 hands it (the SDK matrix runs ai 7 itself).
    const execute = search.execute as (input: unknown, options: object) => Promise<string>
    const query = { query: 'What does the user eat? steak meat vegetarian' }
    const base = { toolCallId: 'c1', messages: [] }
    const u10 = await execute(query, { ...base, context: { namespace: 'u10' } })
    expect(u10).toContain('steak')
    const u1 = await execute(query, { ...base, context: { namespace: 'u1' } })
    expect(u1).toContain('vegetarian')
    expect(u1).not.toContain('steak')
  })

  it('refuses a smuggled user id and bad limits with the validation sentence; nothing reaches the service', async () => {
    const { memory: real } = await seeded()
    const { memory, calls } = recordingMemoryService(real)
    const text = await roundTrip(
      createAiSdkTools({ memory, ...fromContext }),
      'memory_search',
      '{"query":"","user_id":"u10","limit":"5"}',
      { namespace: 'u1' },
    )
    expect(text).toBe(
      'The call failed. unknown argument user_id is not allowed; query must not be empty; limit must be an integer between 1 and 10, got string. Fix it and call memory_search again.',
    )
    expect(calls).toEqual([])
  })

  it('answers the unavailable sentence, not another user, when the context carries no namespace', async () => {
    const { memory: real } = await seeded()
    const { memory, calls } = recordingMemoryService(real)
    const text = await roundTrip(
      createAiSdkTools({ memory, ...fromContext }),
      'memory_search',
      '{"query":"vegetarian"}',
      {
        userId: 'u1',
      },
    )
    expect(text).toBe(TOOL_SENTENCES.searchUnavailable)
    expect(calls).toEqual([])
  })

  it('refuses at creation a tool set without a namespace source, or with an invalid one', () => {
    const { memory } = createTestMemory()
    const untyped = createAiSdkTools as (options: unknown) => unknown
    expect(() => untyped({ memory })).toThrow(
      /createAiSdkTools: no namespace was given\. Pass the session user as \{ namespace: session\.userId \}/u,
    )
    expect(() => createAiSdkTools({ memory, namespace: '' })).toThrow(
      /createAiSdkTools: the namespace is invalid \(namespace must not be empty/u,
    )
    expect(() => createAiSdkTools({ memory, namespace: 'a\u0000b' })).toThrow(/control characters/u)
    expect(() => memorySearchTool({ memory, namespace: ' '.repeat(300) })).toThrow(/at most 256/u)
    expect(() => untyped({ memory, namespace: 'u1', namespaceFromContext: () => 'u1' })).toThrow(/not both/u)
    expect(() => createAiSdkTools({ memory, namespace: 'u1' })).not.toThrow()
  })

  it('flags keyword-only results when the embedder is down', async () => {
    const { memory, embedder } = await seeded()
    embedder.down = true
    const text = await roundTrip(
      createAiSdkTools({ memory, ...fromContext }),
      'memory_search',
      '{"query":"vegetarian"}',
      {
        namespace: 'u1',
      },
    )
    expect(text.split('\n')[0]).toBe(TOOL_SENTENCES.keywordOnlyNotice)
    expect(text).toContain('The user is vegetarian')
  })

  it('remembers and forgets through tool calls, for the context user only', async () => {
    const { memory } = await seeded()
    const tools = createAiSdkTools({
      memory,
      namespaceFromContext: (context) => (context as { user: string }).user,
    })
    const saved = await roundTrip(
      tools,
      'memory_remember',
      '{"content":"The user drinks oat milk","tier":"procedural"}',
      {
        user: 'u1',
      },
    )
    expect(saved).toMatch(/^Remembered\. Memory id: \S+$/u)
    const id = saved.split(' ').at(-1)!
    expect(await roundTrip(tools, 'memory_forget', JSON.stringify({ id }), { user: 'u10' })).toBe(
      TOOL_SENTENCES.forgetMissing,
    )
    expect(await roundTrip(tools, 'memory_forget', JSON.stringify({ id }), { user: 'u1' })).toBe(
      TOOL_SENTENCES.forgotten,
    )
  })
})

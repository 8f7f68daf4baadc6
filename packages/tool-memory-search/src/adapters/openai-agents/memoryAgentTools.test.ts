import { Agent, run, setTracingDisabled } from '@openai/agents'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestMemory } from '../../__fixtures__/createTestMemory.js'
import { recordingMemoryService } from '../../__fixtures__/recordingMemoryService.js'
import { ScriptedAgentsModel } from '../../__fixtures__/ScriptedAgentsModel.js'
import { TOOL_SENTENCES } from '../../definitions/TOOL_SENTENCES.js'
import { memoryAgentTools } from './memoryAgentTools.js'
import { memorySearchAgentTool } from './memorySearchAgentTool.js'

interface AppContext {
  userId?: string
}

const fromContext = { namespaceFromContext: (context: AppContext) => context.userId }

/** One real `run()` of an agent with the scripted model: returns the tool's answer as the model got it. */
async function runOnce(
  tools: ReturnType<typeof memoryAgentTools<AppContext>>,
  toolName: string,
  input: string,
  context: AppContext,
) {
  const model = new ScriptedAgentsModel({ toolName, input })
  const agent = new Agent<AppContext>({ name: 'assistant', instructions: 'Help the user.', model, tools })
  const result = await run(agent, 'What do you know about me?', { context })
  expect(model.requests).toHaveLength(2)
  return String(result.finalOutput)
}

beforeAll(() => setTracingDisabled(true))

describe('OpenAI Agents SDK adapter (run() with a scripted Model)', () => {
  it('exposes the tools by the spec: names, description, JSON Schema, not strict', () => {
    const { memory } = createTestMemory()
    const tools = memoryAgentTools<AppContext>({ memory, ...fromContext })
    expect(tools.map((tool) => tool.name)).toEqual(['memory_search', 'memory_remember', 'memory_forget'])
    const search = memorySearchAgentTool<AppContext>({ memory, ...fromContext })
    expect(search.type === 'function' && search.strict).toBe(false)
    expect(search.type === 'function' && search.parameters.required).toEqual(['query'])
    expect(search.type === 'function' && search.description).toMatch(/^Search this user's long-term memory/u)
    expect(memoryAgentTools({ memory, namespace: 'u1', allowWrite: false }).map((tool) => tool.name)).toEqual(
      ['memory_search'],
    )
  })

  it('answers a real tool call with the run context user memory, and keeps look-alike users apart', async () => {
    const { memory } = createTestMemory()
    await memory.remember('u1', { content: 'The user is vegetarian and avoids all meat' })
    await memory.remember('u10', { content: 'The user of account u10 eats steak every day' })
    const tools = memoryAgentTools<AppContext>({ memory, ...fromContext })
    const query = '{"query":"What does the user eat? vegetarian steak meat"}'
    const u1 = await runOnce(tools, 'memory_search', query, { userId: 'u1' })
    expect(u1).toMatch(
      /^1\. \[score \d\.\d\d \| \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\] The user is vegetarian and avoids all meat$/u,
    )
    const u10 = await runOnce(tools, 'memory_search', query, { userId: 'u10' })
    expect(u10).toContain('steak')
    expect(u10).not.toContain('vegetarian')
  })

  it('refuses a smuggled user id with the validation sentence; nothing reaches the service', async () => {
    const { memory: real } = createTestMemory()
    const { memory, calls } = recordingMemoryService(real)
    const text = await runOnce(
      memoryAgentTools<AppContext>({ memory, ...fromContext }),
      'memory_search',
      '{"query":"diet","user_id":"u10"}',
      { userId: 'u1' },
    )
    expect(text).toBe(
      'The call failed. unknown argument user_id is not allowed. Fix it and call memory_search again.',
    )
    expect(calls).toEqual([])
  })

  it('answers the unavailable sentence when the run context has no user', async () => {
    const { memory: real } = createTestMemory()
    const { memory, calls } = recordingMemoryService(real)
    const text = await runOnce(
      memoryAgentTools<AppContext>({ memory, ...fromContext }),
      'memory_search',
      '{"query":"diet"}',
      {},
    )
    expect(text).toBe(TOOL_SENTENCES.searchUnavailable)
    expect(calls).toEqual([])
  })

  it('remembers in one run what a later run recalls, and forgets for the context user only', async () => {
    const { memory } = createTestMemory()
    const tools = memoryAgentTools<AppContext>({ memory, ...fromContext })
    const saved = await runOnce(tools, 'memory_remember', '{"content":"The user drinks oat milk"}', {
      userId: 'u1',
    })
    expect(saved).toMatch(/^Remembered\. Memory id: \S+$/u)
    const later = await runOnce(tools, 'memory_search', '{"query":"what milk does the user drink"}', {
      userId: 'u1',
    })
    expect(later).toContain('The user drinks oat milk')
    const id = saved.split(' ').at(-1)!
    expect(await runOnce(tools, 'memory_forget', JSON.stringify({ id }), { userId: 'u10' })).toBe(
      TOOL_SENTENCES.forgetMissing,
    )
    expect(await runOnce(tools, 'memory_forget', JSON.stringify({ id }), { userId: 'u1' })).toBe(
      TOOL_SENTENCES.forgotten,
    )
  })

  it('refuses at creation tools without a namespace source, or with both', () => {
    const { memory } = createTestMemory()
    const untyped = memoryAgentTools as (options: unknown) => unknown
    expect(() => untyped({ memory })).toThrow(/memoryAgentTools: no namespace was given/u)
    expect(() => memoryAgentTools({ memory, namespace: '' })).toThrow(/the namespace is invalid/u)
    expect(() => untyped({ memory, namespace: 'u1', namespaceFromContext: () => 'u1' })).toThrow(/not both/u)
  })
})

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createMemory } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { openEmbeddedStore } from '@agent-memory/store-pgvector'
import { AIMessage, ToolMessage } from '@langchain/core/messages'
import { tool } from '@langchain/core/tools'
import { type LangGraphRunnableConfig, MessagesAnnotation, StateGraph } from '@langchain/langgraph'
import { createReactAgent } from '@langchain/langgraph/prebuilt'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type ScriptedCall, ScriptedChatModel } from './__fixtures__/ScriptedChatModel.js'
import { AgentMemoryStore } from './AgentMemoryStore.js'

/** The user of a run, from the graph's config: the model has no argument that could name another. */
function userOf(config: LangGraphRunnableConfig): string {
  const user = config.configurable?.user_id
  if (typeof user !== 'string') throw new Error('no user_id in the run config')
  return user
}

function storeOf(config: LangGraphRunnableConfig) {
  if (config.store === undefined) throw new Error('the graph was compiled without a store')
  return config.store
}

const remember = tool(
  async ({ fact }, config: LangGraphRunnableConfig) => {
    await storeOf(config).put(['users', userOf(config), 'memories'], `fact-${Date.now()}`, { fact })
    return 'Remembered.'
  },
  {
    name: 'remember',
    description: 'Remember a lasting fact about the user.',
    schema: z.object({ fact: z.string() }),
  },
)

const recall = tool(
  async ({ query }, config: LangGraphRunnableConfig) => {
    const items = await storeOf(config).search(['users', userOf(config)], { query, limit: 3 })
    return (
      items.map((item) => `${String(item.value.fact)} (score ${item.score?.toFixed(2)})`).join('\n') ||
      'Nothing found.'
    )
  },
  {
    name: 'recall',
    description: 'Search what you know about the user.',
    schema: z.object({ query: z.string() }),
  },
)

describe('a LangGraph agent on AgentMemoryStore (embedded store, offline embedder, scripted model)', () => {
  let dataDir: string
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'agent-memory-langgraph-'))
  })
  afterEach(() => rm(dataDir, { recursive: true, force: true }))

  /** One run of a prebuilt ReAct agent as a separate process would make it: the store opened, used, closed. */
  async function runAgent(call: ScriptedCall, user: string, prompt: string) {
    const embedder = createHashingEmbedder()
    const opened = await openEmbeddedStore({
      dataDir,
      model: embedder.model,
      dimensions: embedder.dimensions,
    })
    const memory = createMemory({ store: opened, embedder })
    try {
      const llm = new ScriptedChatModel(call)
      const agent = createReactAgent({
        llm,
        tools: [remember, recall],
        store: new AgentMemoryStore({ memory }),
      })
      const state = await agent.invoke(
        { messages: [{ role: 'user', content: prompt }] },
        { configurable: { user_id: user } },
      )
      const toolMessage = state.messages.find((message) => ToolMessage.isInstance(message))
      const answer = state.messages.at(-1)
      expect(AIMessage.isInstance(answer)).toBe(true)
      return { tool: String(toolMessage?.content), answer: String(answer?.content) }
    } finally {
      await memory.close()
      await opened.close()
    }
  }

  it('recalls in a later run what it remembered in an earlier one, for that user only', async () => {
    const saved = await runAgent(
      { name: 'remember', args: { fact: 'The user is vegetarian and allergic to peanuts' } },
      'u1',
      'Please remember: I am vegetarian and allergic to peanuts.',
    )
    expect(saved.tool).toBe('Remembered.')

    const later = await runAgent(
      { name: 'recall', args: { query: 'what food does the user eat, vegetarian? allergies?' } },
      'u1',
      'What should I cook tonight?',
    )
    expect(later.answer).toMatch(
      /^From memory: The user is vegetarian and allergic to peanuts \(score \d\.\d\d\)$/u,
    )

    const stranger = await runAgent(
      { name: 'recall', args: { query: 'what food does the user eat, vegetarian? allergies?' } },
      'u10',
      'What should I cook tonight?',
    )
    expect(stranger.answer).toBe('From memory: Nothing found.')
  })

  it('serves a StateGraph node through config.store, the user from the config', async () => {
    const embedder = createHashingEmbedder()
    const opened = await openEmbeddedStore({
      dataDir,
      model: embedder.model,
      dimensions: embedder.dimensions,
    })
    const memory = createMemory({ store: opened, embedder })
    try {
      await memory.remember('users/u1/memories', { content: 'The user prefers short answers' })
      const graph = new StateGraph(MessagesAnnotation)
        .addNode('recall', async (state, config: LangGraphRunnableConfig) => {
          const query = String(state.messages.at(-1)?.content)
          const [best] = await storeOf(config).search(['users', userOf(config)], { query })
          return { messages: [new AIMessage(String(best?.value.content ?? 'nothing'))] }
        })
        .addEdge('__start__', 'recall')
        .compile({ store: new AgentMemoryStore({ memory }) })
      const state = await graph.invoke(
        { messages: [{ role: 'user', content: 'how long should answers be?' }] },
        { configurable: { user_id: 'u1' } },
      )
      expect(state.messages.at(-1)?.content).toBe('The user prefers short answers')
    } finally {
      await memory.close()
      await opened.close()
    }
  })
})

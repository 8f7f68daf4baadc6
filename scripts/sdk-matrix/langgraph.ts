// LangGraph.js: a prebuilt ReAct agent compiled with AgentMemoryStore, its scripted chat model
// (offline) calling a tool that searches the store for the user of the graph's config.
import { AgentMemoryStore } from '@agent-memory/langgraph'
import { BaseChatModel } from '@langchain/core/language_models/chat_models'
import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages'
import type { ChatResult } from '@langchain/core/outputs'
import { tool } from '@langchain/core/tools'
import type { LangGraphRunnableConfig } from '@langchain/langgraph'
import { createReactAgent } from '@langchain/langgraph/prebuilt'
import { z } from 'zod'
import { check, FACT, seededMemory } from './memory.js'

/** Calls `recall` on its first turn, then answers with the tool's text. */
class ScriptedChatModel extends BaseChatModel {
  _llmType(): string {
    return 'scripted'
  }
  override bindTools(): this {
    return this
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const last = messages.at(-1)
    const message = ToolMessage.isInstance(last)
      ? new AIMessage(String(last.content))
      : new AIMessage({
          content: '',
          tool_calls: [
            { id: 'call_1', name: 'recall', args: { query: 'what does the user eat' }, type: 'tool_call' },
          ],
        })
    return { generations: [{ text: String(message.content), message }] }
  }
}

const recall = tool(
  async ({ query }, config: LangGraphRunnableConfig) => {
    const userId = String(config.configurable?.user_id)
    const items = (await config.store?.search([userId], { query, limit: 3 })) ?? []
    return items.map((item) => String(item.value.content)).join('\n') || 'Nothing found.'
  },
  {
    name: 'recall',
    description: 'Search what you know about the user.',
    schema: z.object({ query: z.string() }),
  },
)

const { memory, close } = await seededMemory()
const store = new AgentMemoryStore({ memory })
const answers: Record<string, string> = {}
for (const userId of ['u1', 'u10']) {
  const agent = createReactAgent({ llm: new ScriptedChatModel({}), tools: [recall], store })
  const state = await agent.invoke(
    { messages: [{ role: 'user', content: 'What should I cook tonight?' }] },
    { configurable: { user_id: userId } },
  )
  answers[userId] = String(state.messages.at(-1)?.content)
}
await store.put(['users', 'u1'], 'city', { fact: 'The user lives in Porto' })
const [city] = await store.search(['users', 'u1'], { query: 'where does the user live' })
await close()
check(answers.u1 === FACT, `u1 got ${answers.u1}`)
check(answers.u10?.includes('vegetarian') === false, `u10 got ${answers.u10}`)
check(city?.value.fact === 'The user lives in Porto' && typeof city.score === 'number', 'put then search')
console.log("createReactAgent with AgentMemoryStore: the config's user recalled, put and search with a score")

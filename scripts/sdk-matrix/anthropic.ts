// @anthropic-ai/sdk: anthropicTools() is a Tool[], and one round trip of the README's calls through the
// real client and a scripted server (the README text itself compiles as readme-anthropic.ts).

import type { MemoryService } from '@agent-memory/core'
import { anthropicTools, handleAnthropicToolUses } from '@agent-memory/tool-memory-search'
import type Anthropic from '@anthropic-ai/sdk'
import AnthropicClient from '@anthropic-ai/sdk'
import { check, FACT, seededMemory } from './memory.js'
import { scriptedServer } from './scriptedServer.js'

export const tools: Anthropic.Tool[] = anthropicTools()
export const readOnlyTools: Anthropic.ToolUnion[] = anthropicTools({ allowWrite: false })

// The README's example as a function the round trip can call.
export async function turn(
  anthropic: Anthropic,
  model: string,
  messages: Anthropic.MessageParam[],
  memory: MemoryService,
  session: { userId: string },
): Promise<Anthropic.Message> {
  const reply = await anthropic.messages.create({
    model,
    max_tokens: 1024,
    messages,
    tools: anthropicTools(),
  })
  if (reply.stop_reason === 'tool_use') {
    messages.push({ role: 'assistant', content: reply.content })
    messages.push({
      role: 'user',
      content: await handleAnthropicToolUses(reply.content, { memory, namespace: session.userId }),
    })
  }
  return reply
}

const message = (content: unknown[], stop: string) => ({
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'scripted',
  content,
  stop_reason: stop,
  stop_sequence: null,
  usage: { input_tokens: 1, output_tokens: 1 },
})

const { memory, close } = await seededMemory()
const server = await scriptedServer([
  () =>
    message(
      [
        { type: 'text', text: 'Let me check.', citations: null },
        {
          type: 'tool_use',
          id: 'toolu_1',
          name: 'memory_search',
          input: { query: 'Is the user vegetarian?' },
        },
      ],
      'tool_use',
    ),
  () => message([{ type: 'text', text: 'Lentil soup.', citations: null }], 'end_turn'),
])
try {
  const anthropic = new AnthropicClient({ apiKey: 'sk-ant-test', baseURL: server.url, maxRetries: 0 })
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'What should I cook?' }]
  await turn(anthropic, 'scripted', messages, memory, { userId: 'u1' })
  const results = messages[2]?.content
  check(Array.isArray(results) && results.length === 1, `tool results: ${JSON.stringify(results)}`)
  const [result] = results as Anthropic.ToolResultBlockParam[]
  check(
    result?.tool_use_id === 'toolu_1' && String(result.content).includes(FACT),
    `tool result: ${JSON.stringify(result)}`,
  )
  const final = await turn(anthropic, 'scripted', messages, memory, { userId: 'u1' })
  check(final.stop_reason === 'end_turn', `final: ${JSON.stringify(final)}`)
  const sent = server.requests[1]?.body as { messages: unknown[]; tools: Array<{ name: string }> }
  check(JSON.stringify(sent.messages).includes(FACT), 'the tool result did not reach the model')
  check(sent.tools.map((t) => t.name).join() === 'memory_search,memory_remember,memory_forget', 'tools sent')
  console.log('round trip ok: anthropic messages with tool_use')
} finally {
  await server.close()
  await close()
}

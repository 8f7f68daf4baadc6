import { createInterface } from 'node:readline'
import { createMemory } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { createMemoryMiddleware } from '@agent-memory/observe'
import { openEmbeddedStore } from '@agent-memory/store-pgvector'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { type ModelMessage, streamText, wrapLanguageModel } from 'ai'
import { scriptedChatModel } from './scriptedChatModel.js'

// A terminal chat with long-term memory: each turn recalls into the prompt, and each exchange is
// observed after the answer. `OPENROUTER_API_KEY` (and `CHAT_MODEL`) for a real model; without a key
// it runs offline with a scripted one.
const namespace = process.env.EXAMPLE_USER ?? 'example-user'
const embedder = createHashingEmbedder()
const store = await openEmbeddedStore({
  dataDir: process.env.EXAMPLE_DATA_DIR ?? './.agent-memory-example',
  model: embedder.model,
  dimensions: embedder.dimensions,
})
const memory = createMemory({ store, embedder })

const model: Parameters<typeof wrapLanguageModel>[0]['model'] = process.env.OPENROUTER_API_KEY
  ? createOpenAICompatible({
      name: 'openrouter',
      baseURL: 'https://openrouter.ai/api/v1',
      apiKey: process.env.OPENROUTER_API_KEY,
      supportsStructuredOutputs: true,
    }).chatModel(process.env.CHAT_MODEL ?? 'openai/gpt-4o-mini')
  : scriptedChatModel()

// The three lines: memory (above), the wrapped model, observe after each turn.
const middleware = createMemoryMiddleware({ memory, namespace, observe: { model } })
const chat = wrapLanguageModel({ model, middleware })

const messages: ModelMessage[] = []
const input = createInterface({ input: process.stdin, terminal: process.stdin.isTTY === true })
process.stdout.write(
  `chatting as ${namespace} (${process.env.OPENROUTER_API_KEY ? 'OpenRouter' : 'offline scripted model'}); Ctrl-D to quit\n> `,
)
for await (const line of input) {
  if (line.trim() === '') {
    process.stdout.write('> ')
    continue
  }
  messages.push({ role: 'user', content: line })
  const result = streamText({ model: chat, system: 'You are a helpful assistant.', messages })
  let reply = ''
  for await (const delta of result.textStream) {
    reply += delta
    process.stdout.write(delta)
  }
  messages.push({ role: 'assistant', content: reply })
  // The answer is out; observation ran after it. A terminal demo waits for it before the next
  // turn so that what was just said can be recalled at once.
  await middleware.idle()
  process.stdout.write('\n> ')
}
await middleware.idle()
const remembered = await memory.list(namespace)
process.stdout.write(
  `\nremembered for ${namespace}:\n${remembered.map((m) => `- ${m.content}`).join('\n')}\n`,
)
await memory.close()
await store.close()

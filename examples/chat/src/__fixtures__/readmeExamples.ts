// The README examples of memory from conversations, as written: `pnpm typecheck` compiles this file,
// and readmeExamples.test.ts checks that every README block is here, so a renamed export or option
// fails CI instead of the reader who copies the snippet. Only what the README leaves to the
// application (store, embedder, model, session, messages, memory) arrives as a parameter.
import { createMemory, type Embedder, type MemoryService, type Store } from '@agent-memory/core'
import { createMemoryMiddleware, observe } from '@agent-memory/observe'
import { generateText, type ModelMessage, wrapLanguageModel } from 'ai'

// A provider's model object (`openai('gpt-4o-mini')`): wrapLanguageModel takes no gateway id string.
type ProviderModel = Parameters<typeof wrapLanguageModel>[0]['model']

// README.md, "Memory from conversations": the three lines.
export async function rootReadme(
  store: Store,
  embedder: Embedder,
  model: ProviderModel,
  session: { userId: string },
  messages: ModelMessage[],
) {
  const memory = createMemory({ store, embedder }) // store, embedder and model as above
  const chat = wrapLanguageModel({
    model,
    middleware: createMemoryMiddleware({ memory, namespace: session.userId, observe: { model } }),
  })
  const { text } = await generateText({ model: chat, messages }) // recalled in, observed after the turn
  return text
}

// packages/observe/README.md: observe by hand.
export async function observeReadme(
  memory: MemoryService,
  model: ProviderModel,
  session: { userId: string },
  messages: ModelMessage[],
) {
  const report = await observe(memory, session.userId, messages, { model })
  // report.added / reinforced / superseded / ignored / refused, and `failure` when it stopped
  // a related fact is added and linked (added[].linkedTo); superseded[].possiblyStale lists what was linked to the old one
  return report
}

// packages/observe/README.md: the middleware.
export async function middlewareReadme(
  memory: MemoryService,
  model: ProviderModel,
  session: { userId: string },
  messages: ModelMessage[],
) {
  const middleware = createMemoryMiddleware({ memory, namespace: session.userId, observe: { model } })
  const chat = wrapLanguageModel({ model, middleware })
  const { text } = await generateText({ model: chat, messages })
  return text
}

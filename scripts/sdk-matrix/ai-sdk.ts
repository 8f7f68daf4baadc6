// ai (AI SDK): the tool README's shared tool set (its prose, not a code block; the blocks compile as
// readme-ai-sdk-*.ts), the user read per call from the SDK's context; and the round trips every ai
// major runs (ai-sdk-vN.ts, embedder-vN.ts pass in their major's own mocks).
import { createMemory, type Embedder, type MemoryService } from '@agent-memory/core'
import { openEmbeddedStore } from '@agent-memory/store-pgvector'
import { createAiSdkTools, namespaceFromExperimentalContext } from '@agent-memory/tool-memory-search/ai-sdk'
import { generateText, type LanguageModel, stepCountIs } from 'ai'
import { check, FACT, seededMemory } from './memory.js'

export async function sharedToolSet(
  model: LanguageModel,
  memory: MemoryService,
  session: { userId: string },
) {
  const tools = createAiSdkTools({ memory, namespaceFromContext: namespaceFromExperimentalContext })
  return generateText({
    model,
    tools,
    stopWhen: stepCountIs(5),
    prompt: 'What should I cook for dinner?',
    experimental_context: { namespace: session.userId },
  })
}

/** The mock model's first answer: one memory_search call (its second answers "done"). */
export function searchCall() {
  return {
    type: 'tool-call' as const,
    toolCallId: 'c1',
    toolName: 'memory_search',
    input: '{"query":"Is the user vegetarian?"}',
  }
}

/** The README's shared tool set, run: the mock model calls memory_search, gets the fact, says "done". */
export async function generateTextRoundTrip(model: LanguageModel, major: number): Promise<void> {
  const { memory, close } = await seededMemory()
  try {
    const result = await sharedToolSet(model, memory, { userId: 'u1' })
    const output = result.steps[0]?.toolResults[0]?.output
    check(typeof output === 'string' && output.includes(FACT), `tool output: ${JSON.stringify(output)}`)
    check(result.text === 'done', `text: ${result.text}`)
    console.log(`round trip ok: ai ${major} generateText with memory_search`)
  } finally {
    await close()
  }
}

/**
 * An AI SDK embedding model as the memory's Embedder: five texts in batches of the mock's
 * maxEmbeddingsPerCall (2), in input order (`batches` reads the mock's recorded calls), then
 * remember and recall on the embedded store.
 */
export async function embedderRoundTrip(embedder: Embedder, batches: () => number[], major: number) {
  const vectors = await embedder.embed(['a', 'bb', 'ccc', 'dddd', 'eeeee'])
  check(batches().join() === '2,2,1', 'batches of maxEmbeddingsPerCall')
  check(vectors.map((v) => v[0]).join() === '1,2,3,4,5', 'input order')
  const store = await openEmbeddedStore({ model: embedder.model, dimensions: embedder.dimensions })
  try {
    const memory = createMemory({ store, embedder })
    const written = await memory.remember('u1', { content: 'The user is vegetarian' })
    check(
      written.status === 'inserted' && written.degraded === undefined,
      `remember: ${JSON.stringify(written)}`,
    )
    const { hits } = await memory.recall('u1', 'vegetarian?', { minScore: 0 })
    check(hits[0]?.memory.content === 'The user is vegetarian', `recall: ${JSON.stringify(hits)}`)
    console.log(`round trip ok: ai ${major} embedding model as the Embedder (batched, remember + recall)`)
  } finally {
    await store.close()
  }
}

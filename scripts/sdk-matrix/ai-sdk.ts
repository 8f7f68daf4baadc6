// ai (AI SDK): the round trips every ai major runs (ai-sdk-vN.ts, embedder-vN.ts, middleware-vN.ts
// pass in their major's own mocks). Everything here type-checks under ai 5, 6 and 7 alike.
import { createMemory, type Embedder, type MemoryService } from '@agent-memory/core'
import { openEmbeddedStore } from '@agent-memory/store-pgvector'
import { check, FACT, seededMemory } from './memory.js'

/** The mock model's first answer: one memory_search call (its second answers "done"). */
export function searchCall() {
  return {
    type: 'tool-call' as const,
    toolCallId: 'c1',
    toolName: 'memory_search',
    input: '{"query":"Is the user vegetarian?"}',
  }
}

/** Token usage as LanguageModelV3 and V4 report it. */
export const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
}

/** A LanguageModelV3 / V4 mock's doGenerate (ai 6 and 7): one memory_search call, then "done". */
export function searchThenDone() {
  let step = 0
  return async () => {
    step += 1
    return step === 1
      ? {
          content: [searchCall()],
          finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
          usage,
          warnings: [],
        }
      : {
          content: [{ type: 'text' as const, text: 'done' }],
          finishReason: { unified: 'stop' as const, raw: 'stop' },
          usage,
          warnings: [],
        }
  }
}

/** An EmbeddingModelV3 / V4 mock's doEmbed (ai 6 and 7): a text's vector starts with its length. */
export async function lengthEmbeddings({ values }: { values: string[] }) {
  return { embeddings: values.map((v) => [v.length, 1, 0, 0]), warnings: [] }
}

/** What the round trip reads of a generateText result, in every major. */
interface TurnResult {
  text: string
  steps: ReadonlyArray<{ toolResults: ReadonlyArray<{ output?: unknown } | undefined> }>
}

/** One generateText turn as a major's README writes it: the mock model calls memory_search, gets the fact, says "done". */
export async function generateTextRoundTrip(
  turn: (memory: MemoryService) => Promise<TurnResult>,
  major: number,
): Promise<void> {
  const { memory, close } = await seededMemory()
  try {
    const result = await turn(memory)
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

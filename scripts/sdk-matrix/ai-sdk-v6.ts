// ai 6: one generateText round trip with the SDK's mock model (LanguageModelV3) calling memory_search.
import { createAiSdkTools, namespaceFromExperimentalContext } from '@agent-memory/tool-memory-search/ai-sdk'
import { generateText, stepCountIs } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { check, FACT, seededMemory } from './memory.js'

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
}
let step = 0
const model = new MockLanguageModelV3({
  doGenerate: async () => {
    step += 1
    return step === 1
      ? {
          content: [
            {
              type: 'tool-call',
              toolCallId: 'c1',
              toolName: 'memory_search',
              input: '{"query":"Is the user vegetarian?"}',
            },
          ],
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          usage,
          warnings: [],
        }
      : {
          content: [{ type: 'text', text: 'done' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        }
  },
})
const { memory, close } = await seededMemory()
try {
  const result = await generateText({
    model,
    tools: createAiSdkTools({ memory, namespaceFromContext: namespaceFromExperimentalContext }),
    stopWhen: stepCountIs(3),
    prompt: 'What should I cook?',
    experimental_context: { namespace: 'u1' },
  })
  const output = result.steps[0]?.toolResults[0]?.output
  check(typeof output === 'string' && output.includes(FACT), `tool output: ${JSON.stringify(output)}`)
  check(result.text === 'done', `text: ${result.text}`)
  console.log('round trip ok: ai 6 generateText with memory_search')
} finally {
  await close()
}

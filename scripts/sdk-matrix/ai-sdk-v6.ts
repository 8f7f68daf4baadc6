// ai 6: one generateText round trip with the SDK's mock model (LanguageModelV3) calling memory_search.
import { MockLanguageModelV3 } from 'ai/test'
import { generateTextRoundTrip, searchCall } from './ai-sdk.js'

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
          content: [searchCall()],
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
await generateTextRoundTrip(model, 6)

// ai 5: one generateText round trip with the SDK's mock model (LanguageModelV2) calling memory_search.
import { MockLanguageModelV2 } from 'ai/test'
import { generateTextRoundTrip, searchCall } from './ai-sdk.js'
import { sharedToolSet } from './ai-sdk-shared-tools.js'

const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 }
let step = 0
const model = new MockLanguageModelV2({
  doGenerate: async () => {
    step += 1
    return step === 1
      ? { content: [searchCall()], finishReason: 'tool-calls', usage, warnings: [] }
      : { content: [{ type: 'text', text: 'done' }], finishReason: 'stop', usage, warnings: [] }
  },
})
await generateTextRoundTrip((memory) => sharedToolSet(model, memory, { userId: 'u1' }), 5)

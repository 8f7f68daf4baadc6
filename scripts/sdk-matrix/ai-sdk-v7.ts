// ai 7: one generateText round trip with the SDK's mock model (LanguageModelV4) calling memory_search,
// the tool set bound to the session's user (ai 7 passes a tool only its own `toolsContext` entry).
import { createAiSdkTools } from '@agent-memory/tool-memory-search/ai-sdk'
import { generateText, stepCountIs } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'
import { generateTextRoundTrip, searchThenDone } from './ai-sdk.js'

const model = new MockLanguageModelV4({ doGenerate: searchThenDone() })
await generateTextRoundTrip(
  (memory) =>
    generateText({
      model,
      tools: createAiSdkTools({ memory, namespace: 'u1' }),
      stopWhen: stepCountIs(5),
      prompt: 'What should I cook for dinner?',
    }),
  7,
)

// ai 6: one generateText round trip with the SDK's mock model (LanguageModelV3) calling memory_search.
import { MockLanguageModelV3 } from 'ai/test'
import { generateTextRoundTrip, searchThenDone } from './ai-sdk.js'
import { sharedToolSet } from './ai-sdk-shared-tools.js'

const model = new MockLanguageModelV3({ doGenerate: searchThenDone() })
await generateTextRoundTrip((memory) => sharedToolSet(model, memory, { userId: 'u1' }), 6)

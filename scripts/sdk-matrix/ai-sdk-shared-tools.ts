// ai 5 and 6: the tool README's shared tool set (its prose, not a code block; the blocks compile as
// readme-ai-sdk-*.ts), the user read per call from the SDK's experimental_context (ai 7 has none:
// there the tool set is bound per request, ai-sdk-v7.ts).
import type { MemoryService } from '@agent-memory/core'
import { createAiSdkTools, namespaceFromExperimentalContext } from '@agent-memory/tool-memory-search/ai-sdk'
import { generateText, type LanguageModel, stepCountIs } from 'ai'

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

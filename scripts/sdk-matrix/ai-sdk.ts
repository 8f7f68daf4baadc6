// ai (AI SDK): the README examples compile as written against this fixture's ai version.
import type { MemoryService } from '@agent-memory/core'
import {
  createAiSdkTools,
  memorySearchTool,
  namespaceFromExperimentalContext,
} from '@agent-memory/tool-memory-search/ai-sdk'
import { generateText, type LanguageModel, stepCountIs } from 'ai'

// README (root, "Using the packages from code"), as written.
export async function rootReadme(model: LanguageModel, memory: MemoryService, session: { userId: string }) {
  const { text } = await generateText({
    model, // any AI SDK model
    tools: { memory_search: memorySearchTool({ memory, namespace: session.userId }) }, // user from the session, never the model
    stopWhen: stepCountIs(5),
    prompt: 'What should I cook tonight?',
  })
  return text
}

// README (packages/tool-memory-search, "Vercel AI SDK"), as written.
export async function toolReadme(model: LanguageModel, memory: MemoryService, session: { userId: string }) {
  // One tool set per session, bound to its user (or memorySearchTool({ memory, namespace }) for search alone).
  const tools = createAiSdkTools({ memory, namespace: session.userId })
  const result = await generateText({
    model,
    tools,
    stopWhen: stepCountIs(5),
    prompt: 'What should I cook for dinner?',
  })
  return result
}

// README: one tool set shared across sessions, the user read per call from the SDK's context.
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

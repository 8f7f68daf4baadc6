import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import type { LanguageModel } from 'ai'
import { UsageError } from '../cli/UsageError.js'

export const OPENROUTER_CHAT_BASE_URL = 'https://openrouter.ai/api/v1'

/**
 * The chat model `observe` uses: any OpenAI-compatible `/chat/completions` (OpenRouter by default,
 * with `OPENROUTER_API_KEY`; a local Ollama or vLLM through a base URL, key optional), asked for
 * strict JSON-schema structured output.
 */
export function createChatModel(options: {
  modelId: string | undefined
  baseUrl: string | undefined
  apiKey: string | undefined
}): { model: LanguageModel; baseUrl: string } {
  if (options.modelId === undefined || options.modelId.trim() === '') {
    throw new UsageError(
      'observe needs a chat model: --chat-model <id> (env AGENT_MEMORY_CHAT_MODEL), with OPENROUTER_API_KEY or --chat-base-url',
    )
  }
  const baseUrl = options.baseUrl ?? OPENROUTER_CHAT_BASE_URL
  if (baseUrl === OPENROUTER_CHAT_BASE_URL && !options.apiKey) {
    throw new UsageError(
      'observe through OpenRouter needs OPENROUTER_API_KEY (or --chat-base-url for a local server)',
    )
  }
  let parsed: URL
  try {
    parsed = new URL(baseUrl)
  } catch {
    throw new UsageError(`--chat-base-url is not a URL: ${JSON.stringify(baseUrl)}`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UsageError('--chat-base-url must be an http(s) URL')
  }
  const provider = createOpenAICompatible({
    name: 'chat',
    baseURL: baseUrl.replace(/\/+$/u, ''),
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    supportsStructuredOutputs: true,
  })
  return { model: provider.chatModel(options.modelId), baseUrl }
}

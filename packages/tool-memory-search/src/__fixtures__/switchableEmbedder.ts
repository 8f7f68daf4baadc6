import { type Embedder, EmbeddingError, type EmbedOptions } from '@agent-memory/core'

/** Wraps a real embedder; `down = true` makes every call fail the way a dead provider does. */
export interface SwitchableEmbedder extends Embedder {
  down: boolean
}

export function switchableEmbedder(inner: Embedder): SwitchableEmbedder {
  const wrapper: SwitchableEmbedder = {
    model: inner.model,
    dimensions: inner.dimensions,
    ...(inner.minScore === undefined ? {} : { minScore: inner.minScore }),
    ...(inner.duplicateScore === undefined ? {} : { duplicateScore: inner.duplicateScore }),
    ...(inner.lexical === undefined ? {} : { lexical: inner.lexical }),
    down: false,
    async embed(texts: string[], options?: EmbedOptions) {
      if (wrapper.down) {
        throw new EmbeddingError('embedding provider unreachable (test: embedder switched off)', {
          retryable: true,
        })
      }
      return inner.embed(texts, options)
    },
  }
  return wrapper
}

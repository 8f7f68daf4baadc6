import { type Embedder, EmbeddingError, type EmbedOptions } from '@agent-memory/core'

/** How a `switchableEmbedder` answers: normally, failing, or hanging until its signal aborts. */
export type SwitchableEmbedderMode = 'up' | 'down' | 'hang'

export interface SwitchableEmbedder {
  embedder: Embedder
  /** Mutable: switch the mode between calls. `seen` and `calls` record every call, in any mode. */
  state: { mode: SwitchableEmbedderMode; seen: string[]; calls: number }
}

/**
 * Wraps a real embedder to inject the faults the service must survive: `down` rejects with a
 * retryable `EmbeddingError`; `hang` never answers unless its abort signal fires (then it
 * rejects with the signal's reason). Every text passed in is recorded, so a test can prove what
 * the embedder was (not) shown.
 */
export function switchableEmbedder(inner: Embedder): SwitchableEmbedder {
  const state: SwitchableEmbedder['state'] = { mode: 'up', seen: [], calls: 0 }
  const embedder: Embedder = {
    model: inner.model,
    dimensions: inner.dimensions,
    ...(inner.minScore === undefined ? {} : { minScore: inner.minScore }),
    ...(inner.duplicateScore === undefined ? {} : { duplicateScore: inner.duplicateScore }),
    ...(inner.lexical === undefined ? {} : { lexical: inner.lexical }),
    async embed(texts: string[], options?: EmbedOptions) {
      state.calls++
      state.seen.push(...texts)
      if (state.mode === 'down') throw new EmbeddingError('embedder unreachable', { retryable: true })
      if (state.mode === 'hang') {
        return new Promise<Float32Array[]>((_, reject) => {
          const signal = options?.signal
          if (signal?.aborted) reject(signal.reason)
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true })
        })
      }
      return inner.embed(texts, options)
    },
  }
  return { embedder, state }
}

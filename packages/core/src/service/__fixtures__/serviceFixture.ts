import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { InMemoryStore } from '@agent-memory/testkit'
import { EmbeddingError } from '../../errors/EmbeddingError.js'
import type { Embedder, EmbedOptions } from '../../spec/Embedder.js'
import { createMemory } from '../createMemory.js'
import type { MemoryServiceOptions } from '../MemoryServiceOptions.js'

export const DIMENSIONS = 512

export type EmbedderMode = 'up' | 'down' | 'hang' | 'hang-ignoring-signal'

/**
 * An embedder around the hashing one that records every text it is given and can be switched
 * down (rejects), hanging (honours its abort signal) or hanging deaf (ignores the signal).
 */
export function controllableEmbedder() {
  const inner = createHashingEmbedder({ dimensions: DIMENSIONS })
  const state = {
    mode: 'up' as EmbedderMode,
    seen: [] as string[],
    calls: 0,
    /** Runs before an answer is returned (to change the world mid-embed). */
    beforeAnswer: undefined as undefined | (() => Promise<void>),
  }
  const embedder: Embedder = {
    model: inner.model,
    dimensions: inner.dimensions,
    minScore: 0.15,
    async embed(texts: string[], options?: EmbedOptions) {
      state.calls++
      state.seen.push(...texts)
      if (state.mode === 'down') throw new EmbeddingError('embedder unreachable', { retryable: true })
      if (state.mode === 'hang') {
        return new Promise<Float32Array[]>((_, reject) => {
          options?.signal?.addEventListener('abort', () => reject(options.signal?.reason), { once: true })
        })
      }
      if (state.mode === 'hang-ignoring-signal') return new Promise<Float32Array[]>(() => {})
      const vectors = await inner.embed(texts, options)
      if (state.beforeAnswer) await state.beforeAnswer()
      return vectors
    },
  }
  return { embedder, state }
}

/** A service over a fresh InMemoryStore with a shared, hand-driven clock. */
export function serviceFixture(options: MemoryServiceOptions = {}) {
  let nowMs = Date.parse('2026-03-01T10:00:00.000Z')
  const clock = {
    now: () => new Date(nowMs),
    advance: (ms: number) => {
      nowMs += ms
    },
  }
  const store = new InMemoryStore({ dimensions: DIMENSIONS, now: clock.now })
  const { embedder, state } = controllableEmbedder()
  const errors: Array<{ error: unknown; operation: string }> = []
  const memory = createMemory({
    store,
    embedder,
    options: {
      now: clock.now,
      random: () => 1,
      writeEmbedTimeoutMs: 200,
      queryEmbedTimeoutMs: 200,
      onError: (error, context) => errors.push({ error, operation: context.operation }),
      ...options,
    },
  })
  return { memory, store, embedder: state, clock, errors }
}

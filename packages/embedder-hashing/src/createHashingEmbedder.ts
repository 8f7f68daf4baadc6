import { checkEmbedTexts, type Embedder, type EmbedOptions, InvalidArgumentError } from '@agent-memory/core'
import { extractFeatures } from './extractFeatures.js'
import { featureSeeds } from './featureSeeds.js'

/** The vector width and n-gram size of the offline hashing embedder. */
export interface HashingEmbedderOptions {
  /**
   * Length of every vector, 1 to 16000. Default 512: LoCoMo recall of the hybrid default is flat
   * from 1536 down to 512 while embedded ingest and the vector leg get ~3x cheaper (see README).
   */
  dimensions?: number
  /** Character n-gram length for non-CJK words (default 3); 0 turns character n-grams off. 0 to 8. */
  ngram?: number
  /**
   * Override the calibrated `minScore` (see the README for how the default was measured).
   * Between 0 and 1.
   */
  minScore?: number
  /**
   * Override the calibrated near-duplicate threshold (`duplicateScore`; see the README). Between 0 and 1.
   */
  duplicateScore?: number
}

/** The calibrated minimum cosine for `memory_search` with the default options (see README). */
export const HASHING_DEFAULT_MIN_SCORE = 0.15

/**
 * The calibrated cosine from which a write reports a near-duplicate with the default options:
 * every reworded pair of `src/__fixtures__/duplicatePairs.ts` reaches it (see README).
 */
export const HASHING_DEFAULT_DUPLICATE_SCORE = 0.7

/** Default vector length; part of the model id, so a store made at another width is told to `reembed`. */
const HASHING_DEFAULT_DIMENSIONS = 512

const MODEL_FAMILY = 'agent-memory/hashing-v1'
/** Texts embedded between two checks of the abort signal (and two yields to the event loop). */
const SLICE = 512

/**
 * A deterministic, offline, lexical embedder: Unicode words + character n-grams (CJK: character
 * unigrams and bigrams), signed feature hashing into `dimensions` buckets, sublinear term
 * frequency, L2 normalised. Similar wording gives similar vectors; synonyms and paraphrases do
 * not. Every vector has unit norm, including the one for empty text (a fixed "empty" feature),
 * because a zero vector has no cosine.
 */
export function createHashingEmbedder(options: HashingEmbedderOptions = {}): Embedder {
  const dimensions = options.dimensions ?? HASHING_DEFAULT_DIMENSIONS
  const ngram = options.ngram ?? 3
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16_000) {
    throw new InvalidArgumentError(
      'dimensions',
      `dimensions must be an integer from 1 to 16000, got ${dimensions}`,
    )
  }
  if (!Number.isInteger(ngram) || ngram < 0 || ngram > 8) {
    throw new InvalidArgumentError('ngram', `ngram must be an integer from 0 to 8, got ${ngram}`)
  }
  const minScore = options.minScore ?? HASHING_DEFAULT_MIN_SCORE
  if (!(minScore >= 0 && minScore <= 1)) {
    throw new InvalidArgumentError('minScore', `minScore must be a number from 0 to 1, got ${minScore}`)
  }
  const duplicateScore = options.duplicateScore ?? HASHING_DEFAULT_DUPLICATE_SCORE
  if (!(duplicateScore >= 0 && duplicateScore <= 1)) {
    throw new InvalidArgumentError(
      'duplicateScore',
      `duplicateScore must be a number from 0 to 1, got ${duplicateScore}`,
    )
  }
  const model = `${MODEL_FAMILY}?dims=${dimensions}&ngram=${ngram}`

  // Reused across texts: counts of each 32-bit feature hash, and that feature's weight.
  const counts = new Map<number, number>()
  const weights = new Map<number, number>()
  const accumulate = (hash: number, weight: number) => {
    counts.set(hash, (counts.get(hash) ?? 0) + 1)
    weights.set(hash, weight)
  }
  // Reused accumulator; only the buckets a text touched are read and reset.
  const sums = new Float64Array(dimensions)
  const touched: number[] = []
  const isTouched = new Uint8Array(dimensions)
  const addFeature = (hash: number, value: number) => {
    const bucket = (hash & 0x7fffffff) % dimensions
    if (isTouched[bucket] === 0) {
      isTouched[bucket] = 1
      touched.push(bucket)
    }
    sums[bucket]! += hash >>> 31 === 1 ? -value : value
  }

  const embedOne = (text: string): Float32Array => {
    const normalised = text.toWellFormed().normalize('NFKC').toLowerCase()
    counts.clear()
    weights.clear()
    extractFeatures(normalised, ngram, accumulate)
    for (const [hash, count] of counts) addFeature(hash, weights.get(hash)! * (1 + Math.log(count)))
    let squared = 0
    for (const bucket of touched) squared += sums[bucket]! * sums[bucket]!
    if (squared === 0) {
      // No features (empty or whitespace-only text), or features that cancelled out exactly.
      for (const bucket of touched) {
        sums[bucket] = 0
        isTouched[bucket] = 0
      }
      touched.length = 0
      addFeature(featureSeeds.empty, 1)
      squared = 1
    }
    const scale = 1 / Math.sqrt(squared)
    const vector = new Float32Array(dimensions)
    for (const bucket of touched) {
      vector[bucket] = sums[bucket]! * scale
      sums[bucket] = 0
      isTouched[bucket] = 0
    }
    touched.length = 0
    return vector
  }

  return {
    model,
    dimensions,
    minScore,
    duplicateScore,
    lexical: true,
    async embed(texts: string[], embedOptions: EmbedOptions = {}): Promise<Float32Array[]> {
      const { signal } = embedOptions
      signal?.throwIfAborted()
      checkEmbedTexts(texts)
      const vectors: Float32Array[] = new Array(texts.length)
      for (let start = 0; start < texts.length; start += SLICE) {
        if (start > 0) {
          // Let other work (and an abort) run during a very large call.
          await new Promise<void>((resolve) => setImmediate(resolve))
          signal?.throwIfAborted()
        }
        const end = Math.min(start + SLICE, texts.length)
        for (let i = start; i < end; i++) vectors[i] = embedOne(texts[i]!)
      }
      return vectors
    },
  }
}

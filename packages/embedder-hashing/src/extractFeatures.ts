import { featureSeeds } from './featureSeeds.js'
import { forEachAsciiWord } from './forEachAsciiWord.js'
import { hashFeature } from './hashFeature.js'

/** Scripts written without spaces between words, where a segmenter needs a dictionary. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々]+/gu
const NON_SPACE = /\S/
const NON_ASCII = /[^\u0000-\u007f]/

/** Relative weight of each feature kind before tf and normalisation (tuned on the calibration fixtures). */
const FEATURE_WEIGHTS = { word: 1, gram: 0.5, cjkUnigram: 0.5, cjkBigram: 1 } as const

// A fixed locale: the default locale of the machine must not change the vectors.
// Made on the first non-ASCII text: building the first word segmenter loads ICU's break data
// (~9 ms here), which a process that only ever sees ASCII never needs.
let segmenter: Intl.Segmenter | undefined

/** A hashed feature (32-bit) and its weight; repeated features are summed by the caller. */
export type FeatureSink = (hash: number, weight: number) => void

/**
 * Emits the lexical features of already-normalised (NFKC, lower-cased) text:
 * - every word from Unicode word segmentation (UAX #29, ICU dictionaries for CJK);
 * - for non-CJK words, the character n-grams of `#word#` (typos and inflections still overlap);
 * - for CJK runs, every character and every pair of adjacent characters, so Chinese and Japanese
 *   match even where the segmenter's dictionary splits words differently.
 * Returns how many features were emitted. Text with no word at all (only punctuation) falls back
 * to its non-space segments as words.
 */
export function extractFeatures(text: string, ngram: number, emit: FeatureSink): number {
  let emitted = 0
  const fallback: string[] = []
  const onWord = (word: string) => {
    emit(hashFeature(featureSeeds.word, word), FEATURE_WEIGHTS.word)
    emitted++
    if (ngram > 0 && !CJK.test(word)) emitted += emitCharacterGrams(word, ngram, emit)
  }
  if (NON_ASCII.test(text)) {
    segmenter ??= new Intl.Segmenter('und', { granularity: 'word' })
    for (const { segment, isWordLike } of segmenter.segment(text)) {
      if (isWordLike) onWord(segment)
      else if (NON_SPACE.test(segment)) fallback.push(segment)
    }
    CJK_RUN.lastIndex = 0
    for (let match = CJK_RUN.exec(text); match !== null; match = CJK_RUN.exec(text)) {
      emitted += emitCjkGrams(match[0], emit)
    }
  } else {
    // Same segmentation as Intl.Segmenter on ASCII (property-tested), without its per-call cost.
    forEachAsciiWord(
      text,
      (start, end) => onWord(text.slice(start, end)),
      (start, end) => fallback.push(text.slice(start, end)),
    )
  }
  if (emitted === 0) {
    for (const segment of fallback) {
      emit(hashFeature(featureSeeds.word, segment), FEATURE_WEIGHTS.word)
      emitted++
    }
  }
  return emitted
}

function emitCharacterGrams(word: string, n: number, emit: FeatureSink): number {
  const padded = `#${word}#`
  if (padded.length <= n) {
    emit(hashFeature(featureSeeds.gram, padded), FEATURE_WEIGHTS.gram)
    return 1
  }
  let count = 0
  for (let i = 0; i + n <= padded.length; i++) {
    emit(hashFeature(featureSeeds.gram, padded, i, i + n), FEATURE_WEIGHTS.gram)
    count++
  }
  return count
}

function emitCjkGrams(run: string, emit: FeatureSink): number {
  // Iterate by code point: some Han characters sit outside the BMP.
  const chars = Array.from(run)
  for (const char of chars) emit(hashFeature(featureSeeds.cjkUnigram, char), FEATURE_WEIGHTS.cjkUnigram)
  for (let i = 0; i + 1 < chars.length; i++) {
    emit(hashFeature(featureSeeds.cjkBigram, chars[i]! + chars[i + 1]!), FEATURE_WEIGHTS.cjkBigram)
  }
  return chars.length * 2 - 1
}

import { hashFeature } from './hashFeature.js'

const FNV_OFFSET_BASIS = 0x811c9dc5

/**
 * One seed per feature kind, so the word "abc" and the trigram "abc" land in different buckets.
 * Changing any of these changes every vector: bump the model version if you do.
 */
export const featureSeeds = {
  word: hashFeature(FNV_OFFSET_BASIS, 'word'),
  gram: hashFeature(FNV_OFFSET_BASIS, 'gram'),
  cjkUnigram: hashFeature(FNV_OFFSET_BASIS, 'cjk1'),
  cjkBigram: hashFeature(FNV_OFFSET_BASIS, 'cjk2'),
  empty: hashFeature(FNV_OFFSET_BASIS, 'empty'),
} as const

export {
  createHashingEmbedder,
  HASHING_DEFAULT_DUPLICATE_SCORE,
  HASHING_DEFAULT_MIN_SCORE,
  type HashingEmbedderOptions,
} from './createHashingEmbedder.js'

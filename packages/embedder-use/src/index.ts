export {
  createUseEmbedder,
  USE_DEFAULT_MIN_SCORE,
  type UseEmbedderOptions,
} from './createUseEmbedder.js'

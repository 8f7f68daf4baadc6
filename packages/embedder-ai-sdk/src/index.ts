export type { AiSdkEmbedderOptions } from './AiSdkEmbedderOptions.js'
export { createAiSdkEmbedder } from './createAiSdkEmbedder.js'
export { toEmbeddingError } from './toEmbeddingError.js'

export { createOpenRouterEmbedder, OPENROUTER_DEFAULTS } from './createOpenRouterEmbedder.js'
export { estimateTokens } from './estimateTokens.js'
export type { EmbeddingUsage, OpenRouterEmbedderOptions } from './OpenRouterEmbedderOptions.js'

export { createOpenRouterEmbedder, OPENROUTER_DEFAULTS } from './createOpenRouterEmbedder.js'
export type { EmbeddingUsage, OpenRouterEmbedderOptions } from './OpenRouterEmbedderOptions.js'

import { join } from 'node:path'

/**
 * The file `diskCachedEmbedder` keeps a model's vectors in: one per model id under `cacheDir`, so
 * the evaluation and the ranking sweeps share what either has embedded.
 */
export function embeddingCacheFile(cacheDir: string, model: string): string {
  return join(cacheDir, `${model.replace(/[^a-zA-Z0-9.-]+/g, '_')}.json`)
}

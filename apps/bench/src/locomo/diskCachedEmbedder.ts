import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Embedder, EmbedOptions } from '@agent-memory/core'

/**
 * An embedder that answers texts it has embedded before from a file (vectors keyed by the SHA-256
 * of the text, one file per model), so ranking sweeps with a slow model embed LoCoMo once. `save`
 * writes what was added; the file is a cache, never a result: deleting it only costs time.
 */
export async function diskCachedEmbedder(
  embedder: Embedder,
  file: string,
): Promise<{ embedder: Embedder; save(): Promise<void>; hits(): number }> {
  const cache = new Map<string, Float32Array>()
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as {
      model: string
      vectors: Record<string, string>
    }
    if (stored.model === embedder.model)
      for (const [key, base64] of Object.entries(stored.vectors)) {
        const bytes = Buffer.from(base64, 'base64')
        cache.set(key, new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4).slice())
      }
  } catch {
    // No cache yet (or an unreadable one): start empty.
  }
  let added = 0
  let hits = 0
  const keyOf = (text: string) => createHash('sha256').update(text).digest('base64url')
  const cached: Embedder = {
    model: embedder.model,
    dimensions: embedder.dimensions,
    ...(embedder.minScore === undefined ? {} : { minScore: embedder.minScore }),
    ...(embedder.duplicateScore === undefined ? {} : { duplicateScore: embedder.duplicateScore }),
    ...(embedder.lexical === undefined ? {} : { lexical: embedder.lexical }),
    async embed(texts: string[], options?: EmbedOptions): Promise<Float32Array[]> {
      const missing = [...new Set(texts.filter((text) => !cache.has(keyOf(text))))]
      if (missing.length > 0) {
        const vectors = await embedder.embed(missing, options)
        missing.forEach((text, i) => {
          cache.set(keyOf(text), vectors[i]!)
        })
        added += missing.length
      }
      hits += texts.length - missing.length
      return texts.map((text) => cache.get(keyOf(text))!.slice())
    },
  }
  return {
    embedder: cached,
    hits: () => hits,
    async save() {
      if (added === 0) return
      await mkdir(dirname(file), { recursive: true })
      const vectors: Record<string, string> = {}
      for (const [key, vector] of cache)
        vectors[key] = Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64')
      await writeFile(file, JSON.stringify({ model: embedder.model, vectors }))
      added = 0
    },
  }
}

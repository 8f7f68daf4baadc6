import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Embedder, EmbedOptions } from '@agent-memory/core'

/** Texts the inner embedder is handed at once: each slice is cached as soon as it is embedded. */
const SLICE = 64
/** A long embedding run writes what it has so far at most this often, so a stopped run keeps it. */
const SAVE_EVERY_MS = 3 * 60_000

/**
 * An embedder that answers texts it has embedded before from a file (vectors keyed by the SHA-256
 * of the exact text, one file per model id; a file written for another model is ignored), so
 * ranking sweeps with a slow model embed a dev set once. New texts are embedded a slice at a time
 * and kept as each slice returns, and the file is rewritten every few minutes of embedding, so a
 * run stopped (or a call timed out) halfway through a slow model's ingest resumes where it was.
 * `save` writes what was added; the file is a cache, never a result: deleting it only costs time.
 */
export async function diskCachedEmbedder(
  embedder: Embedder,
  file: string,
): Promise<{ embedder: Embedder; save(): Promise<void>; hits(): number; size(): number }> {
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
  let savedAt = Date.now()
  const keyOf = (text: string) => createHash('sha256').update(text).digest('base64url')
  const save = async () => {
    savedAt = Date.now()
    if (added === 0) return
    added = 0
    await mkdir(dirname(file), { recursive: true })
    const vectors: Record<string, string> = {}
    for (const [key, vector] of cache)
      vectors[key] = Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64')
    // Written beside the file and renamed over it: a run stopped mid-write leaves the last whole file.
    await writeFile(`${file}.partial`, JSON.stringify({ model: embedder.model, vectors }))
    await rename(`${file}.partial`, file)
  }
  const cached: Embedder = {
    model: embedder.model,
    dimensions: embedder.dimensions,
    ...(embedder.minScore === undefined ? {} : { minScore: embedder.minScore }),
    ...(embedder.duplicateScore === undefined ? {} : { duplicateScore: embedder.duplicateScore }),
    ...(embedder.lexical === undefined ? {} : { lexical: embedder.lexical }),
    async embed(texts: string[], options?: EmbedOptions): Promise<Float32Array[]> {
      const missing = [...new Set(texts.filter((text) => !cache.has(keyOf(text))))]
      for (let start = 0; start < missing.length; start += SLICE) {
        const slice = missing.slice(start, start + SLICE)
        const vectors = await embedder.embed(slice, options)
        slice.forEach((text, i) => {
          cache.set(keyOf(text), vectors[i]!)
        })
        added += slice.length
        if (Date.now() - savedAt > SAVE_EVERY_MS) await save()
      }
      hits += texts.length - missing.length
      return texts.map((text) => cache.get(keyOf(text))!.slice())
    },
  }
  return {
    embedder: cached,
    hits: () => hits,
    size: () => cache.size,
    save,
  }
}

import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Embedder } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { afterEach, describe, expect, it } from 'vitest'
import { diskCachedEmbedder } from './diskCachedEmbedder.js'

/** The hashing embedder, counting the texts it is asked for and failing once `failAfter` is reached. */
function countingEmbedder(model = 'counting-v1', failAfter = Number.POSITIVE_INFINITY) {
  const inner = createHashingEmbedder()
  const asked: string[] = []
  const embedder: Embedder = {
    model,
    dimensions: inner.dimensions,
    lexical: true,
    async embed(texts) {
      if (asked.length + texts.length > failAfter) throw new Error('stopped halfway')
      asked.push(...texts)
      return inner.embed(texts)
    },
  }
  return { embedder, asked }
}

const texts = (n: number, prefix = 'turn') =>
  Array.from({ length: n }, (_, i) => `${prefix} ${i} of a long talk`)

describe('diskCachedEmbedder', () => {
  const dirs: string[] = []
  const tempDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'disk-cached-embedder-'))
    dirs.push(dir)
    return dir
  }
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
  })

  it('embeds each exact text once across runs, with the same vectors the model gives', async () => {
    const file = join(await tempDir(), 'cache.json')
    const first = countingEmbedder()
    const run1 = await diskCachedEmbedder(first.embedder, file)
    const vectors = await run1.embedder.embed([...texts(3), 'turn 0 of a long talk'])
    expect(first.asked).toEqual(texts(3))
    await run1.save()

    const second = countingEmbedder()
    const run2 = await diskCachedEmbedder(second.embedder, file)
    const again = await run2.embedder.embed([...texts(3), 'Turn 0 of a long talk'])
    // Only the text that differs (by one letter's case) reaches the model.
    expect(second.asked).toEqual(['Turn 0 of a long talk'])
    expect(run2.hits()).toBe(3)
    expect(again.slice(0, 3)).toEqual(vectors.slice(0, 3))
    expect(again[3]).toEqual((await createHashingEmbedder().embed(['Turn 0 of a long talk']))[0])
  })

  it("ignores a file written for another model id: that model's vectors are not this one's", async () => {
    const file = join(await tempDir(), 'cache.json')
    const run1 = await diskCachedEmbedder(countingEmbedder('model-a').embedder, file)
    await run1.embedder.embed(texts(2))
    await run1.save()
    const other = countingEmbedder('model-b')
    const run2 = await diskCachedEmbedder(other.embedder, file)
    await run2.embedder.embed(texts(2))
    expect(other.asked).toEqual(texts(2))
  })

  it('keeps the slices embedded before a call failed, so a stopped run resumes where it was', async () => {
    const dir = await tempDir()
    const file = join(dir, 'cache.json')
    // 64 texts a slice: the first two slices are embedded, the third fails.
    const stopping = countingEmbedder('counting-v1', 150)
    const run1 = await diskCachedEmbedder(stopping.embedder, file)
    await expect(run1.embedder.embed(texts(200))).rejects.toThrow('stopped halfway')
    expect(run1.size()).toBe(128)
    await run1.save()
    expect(await readdir(dir)).toEqual(['cache.json'])

    const resumed = countingEmbedder()
    const run2 = await diskCachedEmbedder(resumed.embedder, file)
    await run2.embedder.embed(texts(200))
    expect(resumed.asked).toEqual(texts(200).slice(128))
  })
})

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DimensionMismatchError } from '@agent-memory/core'
import { afterAll, describe, expect, it } from 'vitest'
import { createEmbedder } from './createEmbedder.js'
import { openMemory } from './openMemory.js'

describe('createEmbedder', () => {
  const dirs: string[] = []
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  })

  it('--embedder use: the offline semantic embedder, which the store records like any other', async () => {
    const { embedder, description } = await createEmbedder({ kind: 'use' })
    expect(embedder.lexical).toBe(false)
    expect(description).toMatch(/^use \(offline and semantic/)
    const dataDir = join(await mkdtemp(join(tmpdir(), 'am-cli-use-')), 'store')
    dirs.push(dataDir)
    const config = { store: { kind: 'embedded' as const, dataDir }, debug: false }
    const opened = await openMemory({ ...config, embedder: { kind: 'use' } })
    try {
      await opened.memory.remember('ada', { content: 'We got a new dog last week.' })
      await opened.memory.remember('ada', { content: 'The quarterly report is due on Friday.' })
      const { hits } = await opened.memory.recall('ada', 'Does the user have a pet?', { mode: 'vector' })
      expect(hits[0]?.memory.content).toBe('We got a new dog last week.')
    } finally {
      await opened.close()
    }
    // Same width, other model: the recorded embedder refuses the switch until `reembed`.
    await expect(openMemory({ ...config, embedder: { kind: 'hashing' } })).rejects.toThrow(
      DimensionMismatchError,
    )
  })
})

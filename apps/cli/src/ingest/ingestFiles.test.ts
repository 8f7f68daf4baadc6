import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createMemory, type MemoryService } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { openEmbeddedStore, type PgVectorStore } from '@agent-memory/store-pgvector'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ingestFiles } from './ingestFiles.js'

const FILES = 12

/** The service with every call counted by method name. */
function counted(memory: MemoryService): { memory: MemoryService; calls: Map<string, number> } {
  const calls = new Map<string, number>()
  const proxy = new Proxy(memory, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        calls.set(String(name), (calls.get(String(name)) ?? 0) + 1)
        return value.apply(target, args)
      }
    },
  })
  return { memory: proxy, calls }
}

describe('ingestFiles: work per run, not per file against the namespace', { timeout: 300_000 }, () => {
  let dir: string
  let files: string[]
  let store: PgVectorStore
  let memory: MemoryService
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'am-ingest-'))
    files = []
    for (let i = 0; i < FILES; i++) {
      const file = path.join(dir, `note-${i}.md`)
      await writeFile(file, `# Note ${i}\n\nThe user mentioned topic ${i} and wants it remembered.\n`)
      files.push(file)
    }
    const embedder = createHashingEmbedder({ dimensions: 64 })
    store = await openEmbeddedStore({ dimensions: embedder.dimensions, model: embedder.model })
    memory = createMemory({ store, embedder })
  })
  afterAll(async () => {
    await store.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('first run: one look-up of the namespace and one rememberMany per file', async () => {
    const { memory: watched, calls } = counted(memory)
    const report = await ingestFiles({ memory: watched, namespace: 'notes', files })
    expect(report.inserted).toBe(FILES)
    expect(calls.get('list')).toBe(1)
    expect(calls.get('rememberMany')).toBe(FILES)
    expect(calls.get('remember')).toBeUndefined()
  })

  it('unchanged re-run: the same single look-up, and nothing written or embedded', async () => {
    const { memory: watched, calls } = counted(memory)
    const report = await ingestFiles({ memory: watched, namespace: 'notes', files })
    expect(report).toMatchObject({ inserted: 0, updated: 0, removed: 0, unchanged: FILES })
    expect([...calls]).toEqual([['list', 1]])
  })
})

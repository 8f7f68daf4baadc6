import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { createMemory, EmbeddingError, type MemoryService } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { openEmbeddedStore } from '@agent-memory/store-pgvector'
import { describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'
import { usePostgresDatabase } from './__fixtures__/usePostgresDatabase.js'
import { useTemporaryDirectory } from './__fixtures__/useTemporaryDirectory.js'

const databaseUrl = process.env.DATABASE_URL
const QUERIES: Array<[string, string]> = [
  ['ada', 'where does she live'],
  ['ada', 'tomatoes garden'],
  ['ada', 'piano'],
  ['bob', 'chess club'],
  ['bob', 'peanuts'],
]

/** A store holding superseded chains, tags, validity, chunks, pending embeds and several namespaces. */
async function seed(dataDir: string): Promise<void> {
  const hashing = createHashingEmbedder()
  const store = await openEmbeddedStore({
    dataDir,
    model: hashing.model,
    dimensions: hashing.dimensions,
    handleSignals: false,
  })
  try {
    const memory = createMemory({ store, embedder: hashing })
    const paris = await memory.remember('ada', { content: 'Ada lives in Paris', tags: ['home'] })
    const lyon = await memory.supersede('ada', paris.id, {
      content: 'Ada lives in Lyon',
      tags: ['home', 'moved'],
      validFrom: '2024-03-01T00:00:00Z',
    })
    const grenoble = await memory.supersede('ada', lyon.id, {
      content: 'Ada lives in Grenoble',
      tags: ['home'],
      importance: 0.9,
    })
    const garden = await memory.remember('ada', {
      content: `${'The garden has tomatoes, beans and a long row of herbs by the wall. '.repeat(14)}End.`,
      metadata: { source: 'notes', page: 3 },
    })
    await memory.link('ada', garden.id, grenoble.id)
    await memory.remember('ada', {
      content: 'Piano lessons on Tuesdays until June',
      validTo: '2025-06-30T00:00:00Z',
    })
    await memory.remember('bob', { content: 'Bob runs the chess club', tier: 'episodic' })
    await memory.recall('ada', 'Lyon')
    await memory.flush()
    // The embedder is down for these: they are stored pending, as a real outage leaves them.
    const down: MemoryService = createMemory({
      store,
      embedder: {
        model: hashing.model,
        dimensions: hashing.dimensions,
        embed: async () => {
          throw new EmbeddingError('embedder unreachable', { retryable: true })
        },
      },
    })
    await down.remember('bob', { content: 'Bob is allergic to peanuts', tags: ['health'] })
    await down.remember('carol', { content: 'Carol prefers email to phone calls' })
  } finally {
    await store.close()
  }
}

async function records(file: string): Promise<unknown[]> {
  const lines = (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
  expect(lines[0]).toMatchObject({ type: 'header', vectors: true })
  return lines.slice(1).sort((a, b) => (a.memory.id < b.memory.id ? -1 : a.memory.id > b.memory.id ? 1 : 0))
}

async function answers(store: string[]): Promise<string[][]> {
  const out: string[][] = []
  for (const [namespace, query] of QUERIES) {
    const result = await runCli(['search', query, '--namespace', namespace, '--json', ...store])
    expect(result.code, result.stderr).toBe(0)
    out.push(
      (JSON.parse(result.stdout) as { hits: Array<{ memory: { id: string } }> }).hits.map(
        (hit) => hit.memory.id,
      ),
    )
  }
  return out
}

describe.runIf(databaseUrl !== undefined && databaseUrl !== '')(
  'export and import: PGlite → PostgreSQL → PGlite',
  () => {
    const temp = useTemporaryDirectory()
    const { url } = usePostgresDatabase('agent_memory_data_')

    it('moves every field of every memory and keeps the same search answers', {
      timeout: 240_000,
    }, async () => {
      const source = ['--data-dir', temp.dataDir]
      const server = ['--database-url', url()]
      const back = ['--data-dir', path.join(temp.dir, 'back')]
      await seed(temp.dataDir)
      const first = path.join(temp.dir, 'first.jsonl')
      const second = path.join(temp.dir, 'second.jsonl')
      const third = path.join(temp.dir, 'third.jsonl')

      const exported = await runCli(['export', '--all', '--with-vectors', '-o', first, '--json', ...source])
      expect(exported.code, exported.stderr).toBe(0)
      expect(JSON.parse(exported.stdout)).toMatchObject({ namespaces: ['ada', 'bob', 'carol'], memories: 8 })
      expect((await runCli(['init', ...server])).code).toBe(0)
      const imported = await runCli(['import', first, '--json', ...server])
      expect(imported.code, imported.stderr).toBe(0)
      expect(JSON.parse(imported.stdout)).toMatchObject({ inserted: 8, skipped: [], pendingEmbed: 2 })
      const again = await runCli(['import', first, '--json', ...server])
      expect(JSON.parse(again.stdout)).toMatchObject({ inserted: 0, updated: 0, unchanged: 8 })

      expect((await runCli(['export', '--all', '--with-vectors', '-o', second, ...server])).code).toBe(0)
      expect((await runCli(['import', second, ...back])).code).toBe(0)
      expect((await runCli(['export', '--all', '--with-vectors', '-o', third, ...back])).code).toBe(0)

      const original = await records(first)
      expect(
        original.some(
          (record) => (record as { memory: { supersededBy: string | null } }).memory.supersededBy,
        ),
      ).toBe(true)
      expect(original.some((record) => (record as { chunks: unknown[] }).chunks.length > 1)).toBe(true)
      expect(
        original.some(
          (record) => (record as { memory: { linkedMemoryIds: string[] } }).memory.linkedMemoryIds.length > 0,
        ),
      ).toBe(true)
      expect(await records(second)).toEqual(original)
      expect(await records(third)).toEqual(original)

      const expected = await answers(source)
      expect(expected.flat().length).toBeGreaterThan(QUERIES.length)
      expect(expected.flat().every((id) => typeof id === 'string')).toBe(true)
      expect(await answers(server)).toEqual(expected)
      expect(await answers(back)).toEqual(expected)
    })
  },
)

import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { EmbeddingsFault } from '@agent-memory/testkit'
import { describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'
import { killCliAfterRequests } from './__fixtures__/killCliAfterRequests.js'
import { useFakeEmbedder } from './__fixtures__/useFakeEmbedder.js'

const API_KEY = 'sk-killed-ingest-test-key-0000000000'
const FILES = 30

describe('kill -9 during ingest, then a rerun (real binary)', () => {
  let hangFrom = Number.POSITIVE_INFINITY
  // From request `hangFrom` on the embedder never answers: the ingest is stuck mid-way, with
  // the earlier files committed, when it is killed.
  const fake = useFakeEmbedder({
    apiKey: API_KEY,
    faults: (n): EmbeddingsFault => (n >= hangFrom ? { kind: 'hang' } : { kind: 'ok' }),
  })

  it('completes with every file stored once and nothing duplicated', async () => {
    const notes = path.join(fake.dir, 'notes')
    await mkdir(notes)
    for (let i = 0; i < FILES; i++) {
      await writeFile(
        path.join(notes, `note-${String(i).padStart(2, '0')}.md`),
        `Ada's note number ${i}: item ${i * 7}`,
      )
    }
    const dataDir = path.join(fake.dir, 'store')
    const args = ['ingest', notes, '-n', 'ada', '--data-dir', dataDir, '--base-url', fake.server.url]
    hangFrom = fake.server.requests.length + 4
    await killCliAfterRequests(args, { OPENROUTER_API_KEY: API_KEY }, fake.server, hangFrom)

    hangFrom = Number.POSITIVE_INFINITY
    const rerun = await runCli([...args, '--json'], { env: { OPENROUTER_API_KEY: API_KEY } })
    expect(rerun.code, rerun.stderr).toBe(0)
    const list = await runCli(['list', '-n', 'ada', '--data-dir', dataDir, '--json', '--limit', '1000'], {
      env: { OPENROUTER_API_KEY: API_KEY },
    })
    expect(list.code, list.stderr).toBe(0)
    for (let i = 0; i < FILES; i++) {
      expect(list.stdout.split(`Ada's note number ${i}: item ${i * 7}`).length - 1, `note ${i}`).toBe(1)
    }
    const stats = await runCli(['stats', '--data-dir', dataDir, '--json'], {
      env: { OPENROUTER_API_KEY: API_KEY },
    })
    expect(JSON.parse(stats.stdout)).toMatchObject({ totals: { memories: FILES, leased: 0 } })
  })
})

import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { CLI_JSON_SCHEMAS } from '@agent-memory/cli/json'
import type { EmbeddingsFault } from '@agent-memory/testkit'
import { describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'
import { killCliAfterRequests } from './__fixtures__/killCliAfterRequests.js'
import { useFakeEmbedder } from './__fixtures__/useFakeEmbedder.js'

const API_KEY = 'sk-killed-repair-test-key-00000000000'
const FILES = 8

describe('kill -9 during repair, then a rerun (real binary, embedded store)', () => {
  let fault: (n: number) => EmbeddingsFault = () => ({ kind: 'ok' })
  const fake = useFakeEmbedder({ apiKey: API_KEY, faults: (n) => fault(n) })

  it('is killed mid-batch, with the third batch leased', async () => {
    const notes = path.join(fake.dir, 'notes')
    await mkdir(notes)
    for (let i = 0; i < FILES; i++) {
      await writeFile(path.join(notes, `note-${i}.md`), `Bo's garden note ${i}: plant ${i * 3} bulbs`)
    }
    const online = ['--data-dir', path.join(fake.dir, 'store'), '--base-url', fake.server.url]
    const env = { OPENROUTER_API_KEY: API_KEY }
    // The embedder refuses every write: all of it is stored pending.
    fault = () => ({ kind: 'status', status: 400 })
    const ingest = await runCli(['ingest', notes, '-n', 'bo', '--json', ...online], { env })
    expect(ingest.code, ingest.stderr).toBe(0)
    expect(JSON.parse(ingest.stdout)).toMatchObject({ inserted: FILES, pending: FILES })

    // Two batches of two are embedded (slowly), the third never answers: the kill lands mid-batch,
    // with that batch leased.
    // Request numbers start at 1: the next two are the first two batches, the third hangs.
    const hangFrom = fake.server.requests.length + 3
    fault = (n) => (n >= hangFrom ? { kind: 'hang' } : { kind: 'delay', ms: 200 })
    await killCliAfterRequests(['repair', '--batch', '2', ...online], env, fake.server, hangFrom)
  })

  it('the rerun completes: every memory embedded once, none duplicated, no lease left behind', async () => {
    const online = ['--data-dir', path.join(fake.dir, 'store'), '--base-url', fake.server.url]
    const env = { OPENROUTER_API_KEY: API_KEY }
    fault = () => ({ kind: 'ok' })
    const rerun = await runCli(['repair', '--json', ...online], { env })
    expect(rerun.code, rerun.stderr).toBe(0)
    const report = CLI_JSON_SCHEMAS.repair.parse(JSON.parse(rerun.stdout))
    // The killed run finished two batches; the leased third and the untouched fourth are claimed at once.
    expect(report).toMatchObject({ claimed: FILES - 4, repaired: FILES - 4, failed: 0, issues: [] })

    const list = CLI_JSON_SCHEMAS.list.parse(
      JSON.parse((await runCli(['list', '-n', 'bo', '--json', '--limit', '100', ...online], { env })).stdout),
    )
    expect(list.total).toBe(FILES)
    expect(list.memories.every((memory) => memory.embedState === 'ok')).toBe(true)
    // Embedded (no lease survives a closed store: completeRepair clears it, the next open resets the rest).
    expect(new Set(list.memories.map((memory) => memory.content)).size).toBe(FILES)
  })
})
